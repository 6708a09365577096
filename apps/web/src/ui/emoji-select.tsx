import { PROJECT_EMOJIS, type ProjectEmoji as ProjectEmojiValue } from '@figgle/shared/emoji';
import { Group, Select, Text } from '@mantine/core';
import { t } from '../lib/i18n/i18n';
import { ProjectEmoji } from './project-emoji';

/** A function: the catalogue loads after this module. */
function options() {
  const labels: Record<ProjectEmojiValue, string> = {
    fox: t('ui.emojiFox'),
    octopus: t('ui.emojiOctopus'),
    alien: t('ui.emojiAlien'),
    seeding: t('ui.emojiSeeding'),
    fish: t('ui.emojiFish'),
  };
  return PROJECT_EMOJIS.map((value) => ({ value, label: labels[value] }));
}

export interface EmojiSelectProps {
  value: ProjectEmojiValue;
  onChange: (value: ProjectEmojiValue) => void;
}

/** The five project emoji, each shown with its icon. */
export function EmojiSelect({ value, onChange }: EmojiSelectProps) {
  return (
    <Select
      label={t('ui.emoji')}
      name="emoji"
      required
      allowDeselect={false}
      data={options()}
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
