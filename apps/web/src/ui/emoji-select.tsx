import { PROJECT_EMOJIS, type ProjectEmoji as ProjectEmojiValue } from '@figgle/shared/emoji';
import { Group, Select, Text } from '@mantine/core';
import { ProjectEmoji } from './project-emoji';

const LABELS: Record<ProjectEmojiValue, string> = {
  fox: 'Fox',
  octopus: 'Octopus',
  alien: 'Alien',
  seeding: 'Seeding',
  fish: 'Fish',
};

const OPTIONS = PROJECT_EMOJIS.map((value) => ({ value, label: LABELS[value] }));

export interface EmojiSelectProps {
  value: ProjectEmojiValue;
  onChange: (value: ProjectEmojiValue) => void;
}

/** The five project emoji, each shown with its icon. */
export function EmojiSelect({ value, onChange }: EmojiSelectProps) {
  return (
    <Select
      label="Emoji"
      name="emoji"
      required
      allowDeselect={false}
      data={OPTIONS}
      value={value}
      onChange={(next) => next && onChange(next as ProjectEmojiValue)}
      leftSection={<ProjectEmoji emoji={value} size="xs" />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ProjectEmoji emoji={option.value} size="xs" />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
    />
  );
}
