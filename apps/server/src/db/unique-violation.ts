/**
 * Whether a write failed because the named unique index refused it (PostgreSQL's 23505): the write
 * lost a race to another that took the same value first. The index is named by the error's
 * constraint, or else in its message.
 */
export function violatesUniqueIndex(error: unknown, indexName: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '23505' &&
    String(
      (error as { constraint?: unknown; message?: unknown }).constraint ??
        (error as { message?: unknown }).message,
    ).includes(indexName)
  );
}
