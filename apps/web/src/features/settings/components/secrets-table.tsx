import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { intlLocale, t } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';

/**
 * A table of the person's secrets (API tokens, calendar feeds): a heading a column, then a last
 * column, named for screen readers only, for each row's Revoke.
 */
export function SecretsTable({
  label,
  minWidth,
  columns,
  children,
}: {
  label: string;
  minWidth: number;
  columns: { heading: string; miw?: number }[];
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.heading} miw={column.miw}>
                {column.heading}
              </Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{t('settings.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** When a secret was made or last used, from now, the full date on hover; `never` when it was not. */
export function SecretTime({ at, never = '' }: { at: string | null; never?: string }) {
  if (!at)
    return (
      <Text size="sm" c="dimmed">
        {never}
      </Text>
    );
  return (
    <Text size="sm" title={new Date(at).toLocaleString(intlLocale())}>
      {relativeTime(at)}
    </Text>
  );
}
