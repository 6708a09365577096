/**
 * The paging of an infinite query over a list read by offset (`?offset=&limit=`) that answers
 * `has_more`: the first page from 0, each next one from the number of items read so far.
 */
export function offsetPaging<Page extends { has_more: boolean }>(
  itemsOf: (page: Page) => readonly unknown[],
) {
  return {
    initialPageParam: 0,
    getNextPageParam: (last: Page, pages: Page[]) =>
      last.has_more ? pages.reduce((count, page) => count + itemsOf(page).length, 0) : undefined,
  };
}
