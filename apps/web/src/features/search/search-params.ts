import type { SearchFilters } from './api/search';

export interface SearchPageState extends SearchFilters {
  q: string;
}

/** A status key as the server takes it (TODO, IN_REVIEW); whether the project has it is its to say. */
const statusKey = /^[A-Z][A-Z0-9_]{0,39}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The search page's text and filters from its address (`?q=…&project=…&status=…&assignee=…`), so a
 * reload or a shared link opens the same results. A value that cannot be one is left out.
 */
export function readSearchParams(params: URLSearchParams): SearchPageState {
  const project = params.get('project') ?? '';
  const status = params.get('status') ?? '';
  const assignee = params.get('assignee') ?? '';
  return {
    q: params.get('q') ?? '',
    projectId: uuid.test(project) ? project.toLowerCase() : undefined,
    status: statusKey.test(status) ? status : undefined,
    assignee:
      assignee === 'me' || assignee === 'none' || uuid.test(assignee) ? assignee.toLowerCase() : undefined,
  };
}

/** The address's query string for a text and filters; empty ones are left out. */
export function writeSearchParams(state: SearchPageState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.projectId) params.set('project', state.projectId);
  if (state.status) params.set('status', state.status);
  if (state.assignee) params.set('assignee', state.assignee);
  return params;
}
