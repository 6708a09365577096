import { CONDITION_KINDS, isCondition } from '@figgle/shared/custom-field-filters';
import { FILTERABLE_KINDS, type ProjectCustomField } from '@figgle/shared/custom-field-schemas';
import { Button, Checkbox, ColorSwatch, Group, Popover, Stack, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
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
  const filterable = fields.filter(
    (field) => FILTERABLE_KINDS.includes(field.kind) || CONDITION_KINDS.includes(field.kind),
  );
  const members = useMembers(
    filterable.some((field) => field.kind === 'person') ? organizationId : undefined,
  );
  return filterable.map((field) => {
    const wanted = filters.get(field.field_id) ?? [];
    if (CONDITION_KINDS.includes(field.kind))
      return (
        <ConditionFilter
          key={field.field_id}
          field={field}
          wanted={wanted}
          onChange={(tokens) => onChange(field.field_id, tokens)}
        />
      );
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

const CONDITION_WORDS: Record<string, { label: string; placeholder: string; error: string }> = {
  number: {
    label: 'Equal to, less, more or between',
    placeholder: '5, <5, >5 or 2..8',
    error: 'Write a number: 5, <5, >5 or 2..8',
  },
  date: {
    label: 'On, before, after or between',
    placeholder: '2026-03-01, <2026-03-01, >2026-03-01',
    error: 'Write a day YYYY-MM-DD: on it, <before, >after or from..to',
  },
  text: { label: 'Contains', placeholder: 'A word', error: '' },
  url: { label: 'Contains', placeholder: 'figma.com', error: '' },
};

/**
 * A text, URL, number or date field's filter: a condition typed as the search writes it (`>5`,
 * `2..8`, `<2026-03-01`, a word the value contains), or ticks for "Has a value" and "No value".
 */
function ConditionFilter({
  field,
  wanted,
  onChange,
}: {
  field: ProjectCustomField;
  wanted: readonly string[];
  onChange: (tokens: string[]) => void;
}) {
  const label = `Filter by ${field.name}`;
  return (
    <Popover position="bottom-start" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant={wanted.length > 0 ? 'light' : 'default'}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`${label}${wanted.length > 0 ? ` (${wanted.length})` : ''}`}
        >
          {wanted.length > 0 ? `${field.name} (${wanted.length})` : field.name}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={label} role="dialog">
        <ConditionForm field={field} wanted={wanted} onChange={onChange} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** Made anew each time the filter opens, from the address's condition. */
function ConditionForm({
  field,
  wanted,
  onChange,
}: {
  field: ProjectCustomField;
  wanted: readonly string[];
  onChange: (tokens: string[]) => void;
}) {
  const words = CONDITION_WORDS[field.kind]!;
  const contains = field.kind === 'text' || field.kind === 'url';
  const conditionOf = (text: string) =>
    contains ? (text.trim() === '' ? '' : `~${text.trim()}`) : text.trim();
  const typedNow = wanted.find((token) => token !== 'any' && token !== 'none') ?? '';
  const [typed, setTyped] = useState(contains ? typedNow.slice(1) : typedNow);
  const presence = wanted.filter((token) => token === 'any' || token === 'none');
  const condition = conditionOf(typed);
  const invalid = condition !== '' && !isCondition(field.kind, condition);
  const change = (nextCondition: string, nextPresence: readonly string[]) =>
    onChange([...(nextCondition === '' ? [] : [nextCondition]), ...nextPresence]);
  return (
    <Stack gap={8} maw={260}>
      <TextInput
        size="xs"
        label={`${field.name}: ${words.label.toLowerCase()}`}
        placeholder={words.placeholder}
        value={typed}
        error={invalid ? words.error : undefined}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setTyped(text);
          const next = conditionOf(text);
          if (next === '' || isCondition(field.kind, next)) change(next, presence);
        }}
      />
      <Checkbox.Group
        value={[...presence]}
        onChange={(tokens) => change(invalid ? typedNow : condition, tokens)}
      >
        <Group gap="md">
          <Checkbox value="any" label="Has a value" />
          <Checkbox value="none" label="No value" />
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
