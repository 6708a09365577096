import { FigmaError } from './errors.ts';

// The shapes of Figma's Dev Resources API (docs/figma-api.md#dev-resources), read defensively: the
// client turns each answer into these or throws a FigmaError.

export interface FigmaDevResource {
  id: string;
  name: string;
  url: string;
  file_key: string;
  node_id: string;
}

export interface NewDevResource {
  name: string;
  url: string;
  fileKey: string;
  nodeId: string;
}

export function toDevResources(body: unknown): FigmaDevResource[] {
  const list = (body as { dev_resources?: unknown } | null)?.dev_resources;
  return (Array.isArray(list) ? list : []).flatMap((item) => {
    const resource = toDevResource(item);
    return resource ? [resource] : [];
  });
}

function toDevResource(raw: unknown): FigmaDevResource | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  if (record.id === undefined || record.id === null || typeof record.url !== 'string') return null;
  return {
    id: String(record.id),
    name: typeof record.name === 'string' ? record.name : '',
    url: record.url,
    file_key: String(record.file_key ?? ''),
    node_id: String(record.node_id ?? ''),
  };
}

/**
 * POST /v1/dev_resources answers 200 even when nothing was created: the reasons are in `errors`. A file
 * it cannot find is a 404 here (the file is gone); another reason (10 on the node, the same url) a 400.
 */
export function createdDevResource(body: unknown): FigmaDevResource {
  const record = (body ?? {}) as { links_created?: unknown; errors?: unknown };
  const created = Array.isArray(record.links_created) ? toDevResource(record.links_created[0]) : null;
  if (created) return created;
  const first = Array.isArray(record.errors)
    ? (record.errors[0] as { error?: unknown } | undefined)
    : undefined;
  const reason = typeof first?.error === 'string' ? first.error.slice(0, 300) : '';
  if (/not found|cannot be found/i.test(reason)) {
    throw new FigmaError('not_found', 'Figma could not find this file.', 404);
  }
  throw new FigmaError('bad_request', `Figma refused the link${reason ? `: ${reason}` : '.'}`, 400);
}

/** PUT /v1/dev_resources: true when Figma updated it, false when it no longer knows the id. */
export function wasUpdated(body: unknown, id: string): boolean {
  const record = (body ?? {}) as { links_updated?: unknown; errors?: unknown };
  const updated = Array.isArray(record.links_updated) ? record.links_updated : [];
  return updated.some((item) => {
    const value = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item;
    return String(value) === id;
  });
}
