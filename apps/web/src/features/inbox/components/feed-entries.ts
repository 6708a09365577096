/**
 * A paged feed's entries in order, each once: a page read again after new entries arrived can
 * repeat one of the next page, and the first is kept.
 */
export function feedEntries<Entry>(
  pages: readonly { entries: readonly Entry[] }[] | undefined,
  idOf: (entry: Entry) => string,
): Entry[] {
  const seen = new Set<string>();
  return (pages ?? [])
    .flatMap((page) => page.entries)
    .filter((entry) => {
      if (seen.has(idOf(entry))) return false;
      seen.add(idOf(entry));
      return true;
    });
}
