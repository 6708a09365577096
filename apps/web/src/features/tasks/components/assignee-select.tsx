import type { PersonView } from '@figgle/shared/task-schemas';
import { Group, Select, Text } from '@mantine/core';
import { useMemo } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { useMembers } from '../../../shared/api/list-members';
import { UserAvatar } from '../../../ui/user-avatar';
import type { OpenSelectProps } from './deferred-select';
import { memberName } from './member-name';
import classes from './tasks.module.css';

const NONE = 'none';

export interface AssigneeSelectProps {
  open: OpenSelectProps;
  organizationId: string;
  assignee: PersonView | null;
  onChange: (assignee: PersonView | null) => void;
}

/** The assignee picker once opened (its own chunk: see assignee-picker.tsx). */
export function AssigneeSelect({ open, organizationId, assignee, onChange }: AssigneeSelectProps) {
  const members = useMembers(organizationId);
  // Kept by its content, not by the object: a task read again brings an equal assignee in a new
  // object, and new options would make the picker write its text again, undoing the selection of
  // the current name that typing is meant to replace.
  const { user_id: assigneeId = null, firstname = '', lastname = '' } = assignee ?? {};
  const people = useMemo(() => {
    const list: PersonView[] = (members.data ?? []).map(({ user_id, firstname, lastname }) => ({
      user_id,
      firstname,
      lastname,
    }));
    // Someone who left the organization still shows as the current assignee.
    if (assigneeId && !list.some((person) => person.user_id === assigneeId))
      list.push({ user_id: assigneeId, firstname, lastname });
    return list;
  }, [members.data, assigneeId, firstname, lastname]);
  const data = useMemo(
    () => [
      { value: NONE, label: t('tasks.assigneeNone') },
      ...people.map((person) => ({ value: person.user_id, label: memberName(person) })),
    ],
    [people],
  );

  return (
    <Select
      {...open}
      size="xs"
      variant="filled"
      searchable
      allowDeselect={false}
      withCheckIcon={false}
      nothingFoundMessage={t('messages.selectNoMatch')}
      placeholder={t('messages.selectPlaceholder')}
      data={data}
      // The current name is selected on open, so typing a name replaces it instead of appending to it.
      onFocus={(event) => event.currentTarget.select()}
      value={assignee?.user_id ?? NONE}
      onChange={(value) => {
        const next =
          value === NONE || value === null ? null : (people.find((p) => p.user_id === value) ?? null);
        if ((next?.user_id ?? null) !== (assignee?.user_id ?? null)) onChange(next);
      }}
      leftSection={
        assignee ? (
          <UserAvatar
            id={assignee.user_id}
            firstname={assignee.firstname}
            lastname={assignee.lastname}
            size={18}
          />
        ) : null
      }
      leftSectionWidth={assignee ? 28 : undefined}
      renderOption={({ option }) => {
        const person = people.find((p) => p.user_id === option.value);
        return (
          <Group gap={8} wrap="nowrap">
            {person ? (
              <UserAvatar
                id={person.user_id}
                firstname={person.firstname}
                lastname={person.lastname}
                size={20}
              />
            ) : null}
            <Text size="xs">{option.label}</Text>
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true, width: 220, position: 'bottom-start' }}
      classNames={{ input: classes.pickerInput }}
    />
  );
}
