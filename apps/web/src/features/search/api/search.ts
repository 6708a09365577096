import type { SearchAnswer, SearchKind } from '@figgle/shared/search-schemas';
import type { TaskStatus } from '@figgle/shared/status';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../shared/api/query-keys';

/** The search page's filters: they narrow tasks and comments (docs/product.md#search-and-shortcuts). */
export interface SearchFilters {
  projectId?: string;
  status?: TaskStatus;
  /** A user id, `me` or `none`. */
  assignee?: string;
}

interface SearchRequest extends SearchFilters {
  q: string;
  kinds: readonly SearchKind[];
  /** The project on screen: `#12` then means its task 12. */
  contextProjectId?: string;
  limit?: number;
  cursor?: string;
}

/** An answer with the text it answers, so a screen knows whether what it shows is for what was typed. */
interface SearchResult {
  q: string;
  answer: SearchAnswer;
}

function search(request: SearchRequest, signal?: AbortSignal): Promise<SearchAnswer> {
  return api.get<SearchAnswer>('/api/search', {
    query: {
      q: request.q,
      kinds: request.kinds.join(','),
      project_id: request.projectId,
      status: request.status,
      assignee: request.assignee,
      context_project_id: request.contextProjectId,
      limit: request.limit,
      cursor: request.cursor,
    },
    signal,
  });
}

/** Under queryKeys.search: live task events read the open answers again (lib/realtime/apply-event.ts). */
const searchQueryKey = (scope: 'palette' | 'page', request: Omit<SearchRequest, 'cursor'>) =>
  [...queryKeys.search, scope, request] as const;

/** How many of each kind the palette shows while typing. */
const PALETTE_LIMIT = 6;

const paletteSearchOptions = (request: Omit<SearchRequest, 'cursor'>) =>
  queryOptions({
    queryKey: searchQueryKey('palette', request),
    queryFn: async ({ signal }): Promise<SearchResult> => ({
      q: request.q,
      answer: await search(request, signal),
    }),
    // An answer kept from an earlier opening may predate one's own changes, some of which no live
    // event reports (one's own comment): a text typed again is always read again, and the palette
    // counts only answers read since it opened (command-palette.tsx).
    staleTime: 0,
    // The last results stay on screen while the next ones load, so the palette does not flicker.
    placeholderData: keepPreviousData,
  });

/**
 * The command palette's results for `q` (tasks, comments, projects, people); nothing is asked for an
 * empty text. Comments are asked too: the palette must never say "Nothing found" for a word the
 * search page finds, and a word may be only in a comment.
 */
export function usePaletteSearch(q: string, contextProjectId: string | null) {
  return useQuery({
    ...paletteSearchOptions({
      q,
      kinds: ['task', 'comment', 'project', 'person'],
      contextProjectId: contextProjectId ?? undefined,
      limit: PALETTE_LIMIT,
    }),
    enabled: q !== '',
  });
}

/** How many results of a kind the search page shows at first and adds per "See more". */
const PAGE_SIZE = 20;

type PageKind = 'task' | 'comment' | 'project';

const pageSearchOptions = (kind: PageKind, q: string, filters: SearchFilters) => {
  const request = { q, kinds: [kind], ...filters, limit: PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: searchQueryKey('page', request),
    queryFn: ({ pageParam, signal }) => search({ ...request, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => nextCursor(kind, last) ?? undefined,
    staleTime: 10_000,
    // A new text or filter keeps the last results on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
};

function nextCursor(kind: PageKind, answer: SearchAnswer): string | null {
  if (kind === 'task') return answer.tasks.next_cursor;
  if (kind === 'comment') return answer.comments.next_cursor;
  return answer.projects.next_cursor;
}

/** One group of the search page, 20 at a time: each "See more" reads the next page of that group. */
export function useSearchPageGroup(kind: PageKind, q: string, filters: SearchFilters) {
  return useInfiniteQuery({ ...pageSearchOptions(kind, q, filters), enabled: q !== '' });
}
