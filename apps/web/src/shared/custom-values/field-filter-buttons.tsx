import { FILTERABLE_KINDS, type ProjectCustomField } from '@figgle/shared/custom-field-schemas';
import { Button, Checkbox, ColorSwatch, Group, Popover, Stack } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMembers } from '../api/list-members';
import type { FieldFilters } from './field-filters';

/** One button per filterable field on in the project ("Platform"), with its values to tick. */
export function FieldFilterButtons({
  fields,
  filters,
  onChange,
  organizationId,
}: {
  fields: readonly ProjectCustomField[];
  filters: FieldFilters;
  onChange: (fieldId: string, tokens: string[]) => void;
  organizationId: string;
}) {
  const filterable = fields.filter((field) => FILTERABLE_KINDS.includes(field.kind));
  const members = useMembers(
    filterable.some((field) => field.kind === 'person') ? organizationId : undefined,
  );
  return filterable.map((field) => {
    const wanted = filters.get(field.field_id) ?? [];
    const choices: Array<{ value: string; label: string; colour?: string }> =
      field.kind === 'checkbox'
        ? [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]
        : field.kind === 'person'
          ? [
              ...(members.data ?? []).map((member) => ({
                value: member.user_id,
                label: `${member.firstname} ${member.lastname}`.trim() || member.email,
              })),
              { value: 'none', label: 'Nobody' },
            ]
          : [
              ...field.options.map((option) => ({
                value: option.option_id,
                label: option.name,
                colour: option.colour,
              })),
              { value: 'none', label: 'No value' },
            ];
    return (
      <Popover key={field.field_id} position="bottom-start" shadow="md" withArrow trapFocus>
        <Popover.Target>
          <Button
            size="xs"
            variant={wanted.length > 0 ? 'light' : 'default'}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={`Filter by ${field.name}${wanted.length > 0 ? ` (${wanted.length})` : ''}`}
          >
            {wanted.length > 0 ? `${field.name} (${wanted.length})` : field.name}
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label={`Filter by ${field.name}`} role="dialog">
          <Checkbox.Group value={[...wanted]} onChange={(tokens) => onChange(field.field_id, tokens)}>
            <Stack gap={6}>
              {choices.map((choice) => (
                <Checkbox
                  key={choice.value}
                  value={choice.value}
                  label={
                    <Group gap={6} wrap="nowrap" component="span">
                      {choice.colour ? (
                        <ColorSwatch
                          color={`var(--mantine-color-${choice.colour}-filled)`}
                          size={10}
                          withShadow={false}
                          aria-hidden
                        />
                      ) : null}
                      <span>{choice.label}</span>
                    </Group>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </Popover.Dropdown>
      </Popover>
    );
  });
}
