import { Alert, Anchor, List, Text } from '@mantine/core';
import { Icon } from '../../../ui/icon/icon';

const TUTORIALS = [
  {
    href: 'https://help.figma.com/hc/en-us/articles/8085703771159-Manage-personal-access-tokens',
    label: 'Create a personal access token in Figma',
  },
  {
    href: 'https://developers.figma.com/docs/rest-api/webhooks/',
    label: 'How Figma webhooks work (a paid Figma plan is needed)',
  },
  {
    href: 'https://help.figma.com/hc/en-us/articles/360040028114-Guide-to-comments-in-Figma',
    label: 'Comments in Figma',
  },
] as const;

/** How the integration works and where to find what it asks for. */
export function FigmaHelpCard() {
  return (
    <Alert
      variant="light"
      color="violet"
      radius="md"
      title="Connect Figma in three steps"
      icon={<Icon name="figma" size={20} />}
    >
      <List type="ordered" size="sm" spacing={6}>
        <List.Item>
          Register your personal Figma token. Give it the scopes <code>file_content:read</code>,{' '}
          <code>file_comments:read</code>, <code>file_comments:write</code>,{' '}
          <code>file_dev_resources:read</code>, <code>file_dev_resources:write</code>,{' '}
          <code>webhooks:read</code> and <code>webhooks:write</code>.
        </List.Item>
        <List.Item>
          Save the Team Id of each organization: it is the number after <code>/team/</code> in the address of
          your team's page in Figma. Figgle then receives the team's comments.
        </List.Item>
        <List.Item>
          Link design files to projects. A comment containing <code>#task</code> on a linked file becomes a
          task in the project, and the replies to it become its comments.
        </List.Item>
      </List>
      <Text size="sm" fw={500} mt="sm" mb={4}>
        Tutorials
      </Text>
      <List size="sm" spacing={4}>
        {TUTORIALS.map((tutorial) => (
          <List.Item key={tutorial.href}>
            {/* The card's violet tint leaves too little contrast for the link colour: text colour, underlined. */}
            <Anchor
              href={tutorial.href}
              target="_blank"
              rel="noopener noreferrer"
              c="inherit"
              underline="always"
            >
              {tutorial.label}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
