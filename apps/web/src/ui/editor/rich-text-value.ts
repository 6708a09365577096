/** The editor's document: a Quill Delta of inserts, as the API sends and takes it. */
export type RichTextValue = { ops: Array<Record<string, unknown>> };

/** JSON with sorted keys: the database reorders object keys, so equal documents may differ as text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Adjacent text inserts with the same attributes are one run for Quill: merging them lets a document
 * saved as `a` + `\n` compare equal to Quill's own `a\n`.
 */
function compact(ops: RichTextValue['ops']): RichTextValue['ops'] {
  const result: RichTextValue['ops'] = [];
  for (const op of ops) {
    const last = result.at(-1);
    if (
      last &&
      typeof last.insert === 'string' &&
      typeof op.insert === 'string' &&
      canonical(last.attributes ?? {}) === canonical(op.attributes ?? {})
    ) {
      result[result.length - 1] = { ...last, insert: last.insert + op.insert };
    } else {
      result.push(op);
    }
  }
  return result;
}

export function sameDocument(
  a: RichTextValue | null | undefined,
  b: RichTextValue | null | undefined,
): boolean {
  return canonical(compact(a?.ops ?? [])) === canonical(compact(b?.ops ?? []));
}

/** True when a person would see nothing: only whitespace, no image or file. */
export function isBlankDocument(value: RichTextValue | null | undefined): boolean {
  return (value?.ops ?? []).every((op) => typeof op.insert === 'string' && op.insert.trim() === '');
}
