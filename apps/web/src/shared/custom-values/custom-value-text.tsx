import {
  type CustomValue,
  customValueText,
  type ProjectCustomField,
} from '@figgle/shared/custom-field-schemas';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { t } from '../../lib/i18n/i18n';
import { useMembers } from '../api/list-members';

/** A value as the list's cells and the board's lines show it: a select's options as coloured badges. */
export function CustomValueText({
  field,
  value,
  organizationId,
}: {
  field: ProjectCustomField;
  value: CustomValue | null | undefined;
  organizationId: string;
}) {
  const members = useMembers(field.kind === 'person' ? organizationId : undefined);
  if (value === null || value === undefined) {
    return (
      <Text size="xs" c="dimmed">
        –
      </Text>
    );
  }
  if (field.kind === 'single_select' || field.kind === 'multi_select') {
    const ids = Array.isArray(value) ? value : [String(value)];
    return (
      <Group gap={4} wrap="nowrap">
        {ids.map((id) => {
          const option = field.options.find((choice) => choice.option_id === id);
          return option ? (
            <Badge key={id} size="sm" variant="light" color={option.colour} radius="sm" tt="none">
              {option.name}
            </Badge>
          ) : null;
        })}
      </Group>
    );
  }
  if (field.kind === 'url' && typeof value === 'string') {
    return (
      <Anchor href={value} target="_blank" rel="noopener noreferrer" size="xs" truncate>
        {value.replace(/^https?:\/\//, '')}
      </Anchor>
    );
  }
  const name = (userId: string) => {
    const member = members.data?.find((person) => person.user_id === userId);
    return member ? `${member.firstname} ${member.lastname}`.trim() : t('shared.formerMember');
  };
  return (
    <Text size="xs" truncate>
      {field.kind === 'checkbox'
        ? value === true
          ? t('shared.yes')
          : t('shared.no')
        : customValueText(field, value, name)}
    </Text>
  );
}
