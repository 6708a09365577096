import { CONDITION_KINDS, conditionMatches, isCondition } from '@figgle/shared/custom-field-filters';
import {
  type CustomValue,
  customValueTokens,
  type ProjectCustomField,
} from '@figgle/shared/custom-field-schemas';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ValuesByTask } from '../api/list-project-custom-fields';

/**
 * The address's parameter: `?field=<field id>:<option id>,<field id>:none`, and conditions on text,
 * URL, number and date fields (`<field id>:~figma`, `:>5`, `:2..8`, `:<2026-03-01`, `:any`), their
 * `%`, `,` and `:` escaped.
 */
const PARAM = 'field';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The wanted values of each filtered field: option ids, a person's id, 'yes', 'no' or 'none', or
 * conditions (`@figgle/shared/custom-field-filters`).
 */
export type FieldFilters = ReadonlyMap<string, readonly string[]>;

function readsAsToken(token: string): boolean {
  if (UUID.test(token) || token === 'none' || token === 'yes' || token === 'no') return true;
  return (['text', 'number', 'date'] as const).some((kind) => isCondition(kind, token));
}

const escapeToken = (token: string) =>
  token.replaceAll('%', '%25').replaceAll(',', '%2C').replaceAll(':', '%3A');

function unescapeToken(token: string): string | null {
  try {
    return decodeURIComponent(token);
  } catch {
    return null;
  }
}

export function fieldFiltersFrom(params: URLSearchParams): FieldFilters {
  const filters = new Map<string, string[]>();
  for (const pair of params.getAll(PARAM).flatMap((value) => value.split(','))) {
    const [fieldId, escaped, extra] = pair.trim().toLowerCase().split(':');
    const token = escaped === undefined || extra !== undefined ? null : unescapeToken(escaped);
    if (!fieldId || !token || !UUID.test(fieldId)) continue;
    if (!readsAsToken(token)) continue;
    const tokens = filters.get(fieldId) ?? [];
    if (!tokens.includes(token)) tokens.push(token);
    filters.set(fieldId, tokens);
  }
  return filters;
}

export function searchWithFieldFilters(current: URLSearchParams, filters: FieldFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete(PARAM);
  const pairs = [...filters].flatMap(([fieldId, tokens]) =>
    tokens.map((token) => `${fieldId}:${escapeToken(token)}`),
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
