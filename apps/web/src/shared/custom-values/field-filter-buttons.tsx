import { CONDITION_KINDS, isCondition } from '@figgle/shared/custom-field-filters';
import { FILTERABLE_KINDS, type ProjectCustomField } from '@figgle/shared/custom-field-schemas';
import { Button, Checkbox, ColorSwatch, Group, Popover, Stack, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { t } from '../../lib/i18n/i18n';
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
            { value: 'yes', label: t('shared.yes') },
            { value: 'no', label: t('shared.no') },
          ]
        : field.kind === 'person'
          ? [
              ...(members.data ?? []).map((member) => ({
                value: member.user_id,
                label: `${member.firstname} ${member.lastname}`.trim() || member.email,
              })),
              { value: 'none', label: t('shared.nobody') },
            ]
          : [
              ...field.options.map((option) => ({
                value: option.option_id,
                label: option.name,
                colour: option.colour,
              })),
              { value: 'none', label: t('shared.noValue') },
            ];
    return (
      <FieldFilterPopover key={field.field_id} field={field} wanted={wanted}>
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
      </FieldFilterPopover>
    );
  });
}

/** A function, not a constant: the catalogue loads after this module. */
function conditionWords(kind: string): { label: string; placeholder: string; error: string } {
  if (kind === 'number')
    return {
      label: t('shared.conditionNumber'),
      placeholder: t('shared.conditionNumberPlaceholder'),
      error: t('shared.conditionNumberError'),
    };
  if (kind === 'date')
    return {
      label: t('shared.conditionDate'),
      placeholder: '2026-03-01, <2026-03-01, >2026-03-01',
      error: t('shared.conditionDateError'),
    };
  if (kind === 'url') return { label: t('shared.conditionContains'), placeholder: 'figma.com', error: '' };
  return {
    label: t('shared.conditionContains'),
    placeholder: t('shared.conditionWordPlaceholder'),
    error: '',
  };
}

/** A condition filter's field, the tokens of the address it wants now, and the change of them. */
interface ConditionProps {
  field: ProjectCustomField;
  wanted: readonly string[];
  onChange: (tokens: string[]) => void;
}

/**
 * A text, URL, number or date field's filter: a condition typed as the search writes it (`>5`,
 * `2..8`, `<2026-03-01`, a word the value contains), or ticks for "Has a value" and "No value".
 */
function ConditionFilter({ field, wanted, onChange }: ConditionProps) {
  return (
    <FieldFilterPopover field={field} wanted={wanted}>
      <ConditionForm field={field} wanted={wanted} onChange={onChange} />
    </FieldFilterPopover>
  );
}

/**
 * A field's filter button ("Platform", "Platform (2)" once values are wanted) and the dialog under it
 * with what to filter by.
 */
function FieldFilterPopover({
  field,
  wanted,
  children,
}: {
  field: ProjectCustomField;
  wanted: readonly string[];
  children: ReactNode;
}) {
  const label = t('shared.filterBy', { name: field.name });
  return (
    <Popover position="bottom-start" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant={wanted.length > 0 ? 'light' : 'default'}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={
            wanted.length > 0 ? t('shared.filterByCount', { name: field.name, count: wanted.length }) : label
          }
        >
          {wanted.length > 0 ? `${field.name} (${wanted.length})` : field.name}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={label} role="dialog">
        {children}
      </Popover.Dropdown>
    </Popover>
  );
}

/** Made anew each time the filter opens, from the address's condition. */
function ConditionForm({ field, wanted, onChange }: ConditionProps) {
  const words = conditionWords(field.kind);
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
        label={t('shared.conditionLabel', { name: field.name, condition: words.label.toLowerCase() })}
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
          <Checkbox value="any" label={t('shared.hasValue')} />
          <Checkbox value="none" label={t('shared.noValue')} />
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
