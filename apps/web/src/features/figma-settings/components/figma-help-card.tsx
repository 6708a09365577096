import { Alert, Anchor, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { t, tRich } from '../../../lib/i18n/i18n';
import { Icon } from '../../../ui/icon/icon';

// Built at render: the labels come from the language's catalogue, loaded after this module.
const tutorials = () => [
  {
    href: 'https://help.figma.com/hc/en-us/articles/8085703771159-Manage-personal-access-tokens',
    label: t('figma-settings.tutorialToken'),
  },
  {
    href: 'https://developers.figma.com/docs/rest-api/webhooks/',
    label: t('figma-settings.tutorialWebhooks'),
  },
  {
    href: 'https://help.figma.com/hc/en-us/articles/360040028114-Guide-to-comments-in-Figma',
    label: t('figma-settings.tutorialComments'),
  },
];

const code = (chunks: ReactNode[]) => <code>{chunks}</code>;

/** How the integration works and where to find what it asks for. */
export function FigmaHelpCard() {
  return (
    <Alert
      variant="light"
      color="violet"
      radius="md"
      title={t('figma-settings.connectTitle')}
      icon={<Icon name="figma" size={20} />}
    >
      <List type="ordered" size="sm" spacing={6}>
        <List.Item>{tRich('figma-settings.stepToken', { code })}</List.Item>
        <List.Item>{tRich('figma-settings.stepTeam', { code })}</List.Item>
        <List.Item>{tRich('figma-settings.stepLinks', { code })}</List.Item>
      </List>
      <Text size="sm" fw={500} mt="sm" mb={4}>
        {t('figma-settings.tutorials')}
      </Text>
      <List size="sm" spacing={4}>
        {tutorials().map((tutorial) => (
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
