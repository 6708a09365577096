import type { ReactNode } from 'react';

/**
 * "done/total" of a task's parts (checklist items, sub-tasks) on its list row and board card: an
 * icon and the numbers, teal once all are done, named by `words` for screen readers and on hover.
 */
export function ProgressMark({
  icon,
  done,
  total,
  words,
}: {
  icon: ReactNode;
  done: number;
  total: number;
  words: string;
}) {
  return (
    <span
      role="img"
      aria-label={words}
      title={words}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 3,
        flex: '0 0 auto',
        fontSize: 'var(--mantine-font-size-xs)',
        fontVariantNumeric: 'tabular-nums',
        color: done === total ? 'var(--mantine-color-teal-text)' : 'var(--mantine-color-dimmed)',
      }}
    >
      {icon}
      {done}/{total}
    </span>
  );
}
