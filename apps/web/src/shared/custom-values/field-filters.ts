import {
  CONDITION_KINDS,
  conditionMatches,
  escapeFilterToken,
  FIELD_FILTER_PARAM as PARAM,
  readFieldFilters,
} from '@figgle/shared/custom-field-filters';
import {
  type CustomValue,
  customValueTokens,
  type ProjectCustomField,
} from '@figgle/shared/custom-field-schemas';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ValuesByTask } from '../api/list-project-custom-fields';

/**
 * The wanted values of each filtered field: option ids, a person's id, 'yes', 'no' or 'none', or
 * conditions; kept in the address's `field` parameter as the server's task list reads it
 * (`@figgle/shared/custom-field-filters`).
 */
export type FieldFilters = ReadonlyMap<string, readonly string[]>;

/** The address's filters; a pair that does not read (typed by hand) is left out. */
export function fieldFiltersFrom(params: URLSearchParams): FieldFilters {
  return readFieldFilters(params.getAll(PARAM), { strict: false }) ?? new Map();
}

export function searchWithFieldFilters(current: URLSearchParams, filters: FieldFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete(PARAM);
  const pairs = [...filters].flatMap(([fieldId, tokens]) =>
    tokens.map((token) => `${fieldId}:${escapeFilterToken(token)}`),
  );
  if (pairs.length > 0) next.set(PARAM, pairs.join(','));
  return next;
}

/**
 * The list's and board's filters on custom fields, kept in the address like the other filters. A
 * change shows at once; the address follows when the router has written it.
 */
export function useFieldFilters(): [FieldFilters, (fieldId: string, tokens: string[]) => void] {
  const [params, setParams] = useSearchParams();
  const text = params.getAll(PARAM).join(',');
  const fromAddress = useMemo(
    () => fieldFiltersFrom(new URLSearchParams(text ? { [PARAM]: text } : {})),
    [text],
  );
  const [pending, setPending] = useState<FieldFilters | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address changed, so it caught up.
  useEffect(() => setPending(null), [text]);
  const current = pending ?? fromAddress;
  const latest = useRef(current);
  latest.current = current;
  const setField = useCallback(
    (fieldId: string, tokens: string[]) => {
      const next = new Map(latest.current);
      if (tokens.length === 0) next.delete(fieldId);
      else next.set(fieldId, tokens);
      latest.current = next;
      setPending(next);
      setParams((address) => searchWithFieldFilters(address, next), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  return [current, setField];
}

/**
 * The tasks whose values match every filtered field (any of its wanted values or conditions); the
 * same array when nothing is filtered. A filter on a field no longer on in the project is left out.
 */
export function useTasksMatchingFields<T extends { task_id: string }>(
  tasks: readonly T[],
  filters: FieldFilters,
  fields: readonly ProjectCustomField[] | undefined,
  values: ValuesByTask,
): T[] {
  return useMemo(() => {
    const active = (fields ?? []).filter((field) => (filters.get(field.field_id)?.length ?? 0) > 0);
    if (active.length === 0) return tasks as T[];
    return tasks.filter((task) =>
      active.every((field) => {
        const value: CustomValue | undefined = values.get(task.task_id)?.get(field.field_id);
        const wanted = filters.get(field.field_id)!;
        if (CONDITION_KINDS.includes(field.kind))
          return wanted.some((condition) => conditionMatches(field.kind, value, condition));
        return customValueTokens(field, value).some((token) => wanted.includes(token));
      }),
    );
  }, [tasks, filters, fields, values]);
}
