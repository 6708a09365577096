/** A time as the API writes it (ISO 8601, UTC), from a row's Date or the text a query built. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
