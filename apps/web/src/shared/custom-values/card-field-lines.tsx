import { Group, Text } from '@mantine/core';
import { useCardFieldValues } from '../api/list-project-custom-fields';
import { CustomValueText } from './custom-value-text';

/** A board card's custom-field lines ("Platform  iOS"): the fields the project shows on its cards. */
export function CardFieldLines({
  projectId,
  taskId,
  organizationId,
}: {
  projectId: string;
  taskId: string;
  organizationId: string;
}) {
  const lines = useCardFieldValues(projectId, taskId);
  if (lines.length === 0) return null;
  return lines.map(({ field, value }) => (
    <Group key={field.field_id} gap={6} wrap="nowrap" mt={4} miw={0}>
      <Text size="xs" c="dimmed" style={{ flex: '0 0 auto' }}>
        {field.name}
      </Text>
      <CustomValueText field={field} value={value} organizationId={organizationId} />
    </Group>
  ));
}
