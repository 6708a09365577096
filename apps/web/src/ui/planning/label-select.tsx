import { LABEL_NAME_MAX, MAX_LABELS_PER_TASK, type TaskLabelView } from '@figgle/shared/planning-schemas';
import { Group, type MantineSize, MultiSelect, Pill } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { t } from '../../lib/i18n/i18n';
import { toastError } from '../toast';
import classes from './planning.module.css';

/** The value of the option that creates a label from what was typed. */
const CREATE = '\u0000create';

export interface LabelSelectProps {
  /** The organization's labels. */
  labels: readonly TaskLabelView[];
  /** The chosen label ids. */
  value: readonly string[];
  onChange: (labelIds: string[]) => void;
  /**
   * Makes a new label from a typed name; absent, the picker only offers existing labels. A refusal
   * (a duplicate name) shows in a toast in the server's words.
   */
  onCreate?: (name: string) => Promise<TaskLabelView>;
  size?: MantineSize;
  disabled?: boolean;
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * Picks labels by name; typing a name no label has offers 'Create label "…"' (members and owners may).
 * Each label shows with its colour in the list and in the chosen pills.
 */
export function LabelSelect({ labels, value, onChange, onCreate, size = 'sm', disabled }: LabelSelectProps) {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The field is disabled while a label is made, which takes the focus away: it comes back after, so
  // the next name can be typed at once (and keys no longer go to the page's shortcuts).
  const refocus = useRef(false);
  useEffect(() => {
    if (creating || !refocus.current) return;
    refocus.current = false;
    input.current?.focus();
  }, [creating]);
  const typed = search.trim();
  const canCreate =
    Boolean(onCreate) &&
    typed.length > 0 &&
    typed.length <= LABEL_NAME_MAX &&
    !labels.some((label) => sameName(label.name, typed));
  const byId = useMemo(() => new Map(labels.map((label) => [label.label_id, label])), [labels]);
  const data = useMemo(
    () => [
      ...labels.map((label) => ({ value: label.label_id, label: label.name })),
      ...(canCreate ? [{ value: CREATE, label: t('ui.createLabel', { name: typed }) }] : []),
    ],
    [labels, canCreate, typed],
  );

  async function create(name: string, chosen: string[]) {
    if (!onCreate) return;
    refocus.current = document.activeElement === input.current;
    setCreating(true);
    try {
      const label = await onCreate(name);
      onChange([...chosen, label.label_id]);
    } catch (error) {
      const refused = error instanceof ApiRequestError && error.statusCode >= 400 && error.statusCode < 500;
      toastError(refused ? error.message : t('messages.saveFailed'));
    } finally {
      setCreating(false);
    }
  }

  return (
    <MultiSelect
      ref={input}
      label={t('ui.labels')}
      size={size}
      searchable
      // Enter takes the first label matching what was typed, or creates it, rather than sending
      // the form around the field (the Add a task dialog).
      selectFirstOptionOnChange
      disabled={disabled || creating}
      placeholder={value.length === 0 ? t('messages.selectPlaceholder') : undefined}
      // A name no label has is offered as 'Create label "…"'; "None" shows only without any label.
      nothingFoundMessage={t('messages.selectNoMatch')}
      maxValues={MAX_LABELS_PER_TASK}
      data={data}
      // Labels removed from the organization meanwhile are dropped from the choice.
      value={value.filter((id) => byId.has(id))}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        if (next.includes(CREATE)) {
          const chosen = next.filter((id) => id !== CREATE);
          setSearch('');
          void create(typed, chosen);
          return;
        }
        onChange(next);
      }}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          {option.value === CREATE ? (
            <IconPlus size={14} aria-hidden />
          ) : (
            <span
              className={`${classes.dot} ${classes.colored}`}
              data-color={byId.get(option.value)?.color}
              aria-hidden
            />
          )}
          <span>{option.label}</span>
        </Group>
      )}
      renderPill={({ option, onRemove }) => {
        const label = byId.get(String(option.value));
        return (
          <Pill
            withRemoveButton
            onRemove={onRemove}
            className={`${classes.pill} ${classes.colored}`}
            data-color={label?.color}
          >
            {option.label}
          </Pill>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
