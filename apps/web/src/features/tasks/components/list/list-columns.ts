import { useCallback, useEffect, useState } from 'react';
import { useMe } from '../../../../shared/api/get-me';

/** The list's optional columns: off until the person turns them on in "Columns". */
export interface ListColumns {
  lastModified: boolean;
  created: boolean;
  /** The custom fields shown as columns, by id (docs/product.md#custom-fields). */
  fields: string[];
}

const DEFAULT_COLUMNS: ListColumns = { lastModified: false, created: false, fields: [] };

const storageKey = (userId: string) => `figgle-list-columns:${userId}`;

function read(userId: string | null): ListColumns {
  if (!userId) return DEFAULT_COLUMNS;
  try {
    const stored = JSON.parse(window.localStorage.getItem(storageKey(userId)) ?? 'null') as unknown;
    if (stored && typeof stored === 'object') {
      const { lastModified, created, fields } = stored as Partial<ListColumns>;
      return {
        lastModified: lastModified === true,
        created: created === true,
        fields: Array.isArray(fields) ? fields.filter((id) => typeof id === 'string') : [],
      };
    }
  } catch {
    // Unreadable or unavailable storage: the defaults.
  }
  return DEFAULT_COLUMNS;
}

/**
 * The list's column choice, kept per person on this device (another person signing in here gets
 * their own), so "Created at" and "Last modified" stay where each person left them.
 */
export function useListColumns(): [ListColumns, (next: ListColumns) => void] {
  const me = useMe();
  const userId = me.data?.user_id ?? null;
  const [columns, setColumns] = useState<ListColumns>(() => read(userId));
  useEffect(() => setColumns(read(userId)), [userId]);
  const choose = useCallback(
    (next: ListColumns) => {
      setColumns(next);
      if (!userId) return;
      try {
        window.localStorage.setItem(storageKey(userId), JSON.stringify(next));
      } catch {
        // Kept for this page only.
      }
    },
    [userId],
  );
  return [columns, choose];
}
