import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ref, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { useFindTasks } from '../api/find-tasks';

interface TaskFinderProps {
  /** The accessible name, e.g. "Task that blocks this one". */
  label: string;
  placeholder: string;
  /** The project on screen: "#12" means its task 12. */
  projectId: string;
  /** Tasks not to offer (the task itself, those already related). */
  exclude: ReadonlySet<string>;
  onChoose: (taskId: string) => void;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A task found by its title or reference ("WEB-12", "#12"), through the search: a combobox that
 * lists what the server found for the text typed, without filtering it again here.
 */
export function TaskFinder({
  label,
  placeholder,
  projectId,
  exclude,
  onChoose,
  disabled,
  ref,
}: TaskFinderProps) {
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text, 150);
  const found = useFindTasks(typed, projectId);
  const options = (found.data ?? [])
    .filter((hit) => !exclude.has(hit.task_id))
    .map((hit) => ({ value: hit.task_id, label: `${hit.reference} ${hit.title.text}` }));

  return (
    <Select
      ref={ref}
      aria-label={label}
      placeholder={placeholder}
      searchable
      value={null}
      searchValue={text}
      onSearchChange={setText}
      data={options}
      // The server already matched the text (references and words alike).
      filter={({ options: all }) => all}
      nothingFoundMessage={typed.trim() && !found.isFetching ? t('task-detail.noTaskMatches') : undefined}
      onChange={(taskId) => {
        if (!taskId) return;
        setText('');
        onChoose(taskId);
      }}
      disabled={disabled}
      // Its list is drawn when it opens, not kept (hidden) from the page's first render: a kept list
      // is positioned as it mounts, a forced style and layout of the whole page before its first
      // paint (docs/machinery/task-page-load.md).
      comboboxProps={{ withinPortal: true, keepMounted: false }}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
