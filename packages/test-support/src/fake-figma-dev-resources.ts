/**
 * Figma's Dev Resources REST API for the fake Figma (docs/figma-api.md#dev-resources), shaped as
 * `@figma/rest-api-spec` 0.43.0 documents it:
 * - GET /v1/files/:key/dev_resources?node_ids=a,b → `{ dev_resources: DevResource[] }`;
 * - POST /v1/dev_resources `{ dev_resources: [{name, url, file_key, node_id}] }` → 200
 *   `{ links_created, errors }`, where a file that cannot be found, a node already holding 10 dev
 *   resources or a url already on the node is an entry of `errors`, not a failed request;
 * - PUT /v1/dev_resources `{ dev_resources: [{id, name?, url?}] }` → 200 `{ links_updated, errors }`;
 * - DELETE /v1/files/:key/dev_resources/:id → 200 with no body; 404 when it is not there.
 * A file in `readOnlyFiles` is one the token can open but not edit: writes answer 403.
 */

export interface FakeDevResource {
  id: string;
  name: string;
  url: string;
  file_key: string;
  node_id: string;
}

type Send = (status: number, payload: unknown) => void;

/** Figma's documented cap: "The node already has the maximum of 10 dev resources." */
export const DEV_RESOURCES_PER_NODE = 10;

let nextDevResourceId = 4_200_000;

export class FakeDevResources {
  readonly all: FakeDevResource[] = [];
  /** Files the token may read but not edit (a viewer's seat): POST, PUT and DELETE answer 403. */
  readonly readOnlyFiles = new Set<string>();

  constructor(private readonly fileExists: (fileKey: string) => boolean) {}

  /** The dev resources on a file, or on one node of it. */
  on(fileKey: string, nodeId?: string): FakeDevResource[] {
    return this.all.filter((r) => r.file_key === fileKey && (nodeId === undefined || r.node_id === nodeId));
  }

  /** Someone adds a dev resource in Figma itself (Dev Mode's "Add link"). */
  addInFigma(values: Omit<FakeDevResource, 'id'>): FakeDevResource {
    const resource = { id: String(nextDevResourceId++), ...values };
    this.all.push(resource);
    return resource;
  }

  /** Answers a Dev Resources call; false when the request is not one. */
  handle(method: string, path: string, query: URLSearchParams, body: unknown, send: Send): boolean {
    const ofFile = /^\/v1\/files\/([^/]+)\/dev_resources$/.exec(path);
    const one = /^\/v1\/files\/([^/]+)\/dev_resources\/([^/]+)$/.exec(path);
    if (ofFile && method === 'GET') {
      this.list(decodeURIComponent(ofFile[1]!), query.get('node_ids'), send);
      return true;
    }
    if (path === '/v1/dev_resources' && method === 'POST') {
      this.create(body, send);
      return true;
    }
    if (path === '/v1/dev_resources' && method === 'PUT') {
      this.update(body, send);
      return true;
    }
    if (one && method === 'DELETE') {
      this.remove(decodeURIComponent(one[1]!), decodeURIComponent(one[2]!), send);
      return true;
    }
    return false;
  }

  private list(fileKey: string, nodeIds: string | null, send: Send) {
    if (!this.fileExists(fileKey)) return send(404, refusal(404, 'File not found'));
    const wanted = nodeIds ? new Set(nodeIds.split(',').filter(Boolean)) : null;
    send(200, {
      dev_resources: this.on(fileKey).filter((r) => wanted === null || wanted.has(r.node_id)),
    });
  }

  private create(body: unknown, send: Send) {
    const items = itemsOf(body);
    const valid = items?.every(
      (item) =>
        nonEmpty(item.name) && nonEmpty(item.url) && nonEmpty(item.file_key) && nonEmpty(item.node_id),
    );
    if (!items || !valid) return send(400, refusal(400, 'Invalid parameters: dev_resources'));
    if (items.some((item) => this.readOnlyFiles.has(String(item.file_key)))) {
      return send(403, refusal(403, 'You do not have edit access to this file'));
    }
    const created: FakeDevResource[] = [];
    const errors: Array<{ file_key: string | null; node_id: string | null; error: string }> = [];
    for (const item of items) {
      const values = {
        name: String(item.name),
        url: String(item.url),
        file_key: String(item.file_key),
        node_id: String(item.node_id),
      };
      const onNode = this.on(values.file_key, values.node_id);
      const problem = !this.fileExists(values.file_key)
        ? 'File not found'
        : onNode.length >= DEV_RESOURCES_PER_NODE
          ? `The node already has the maximum of ${DEV_RESOURCES_PER_NODE} dev resources`
          : onNode.some((r) => r.url === values.url)
            ? 'Another dev resource for the node has the same url'
            : null;
      if (problem) errors.push({ file_key: values.file_key, node_id: values.node_id, error: problem });
      else created.push(this.addInFigma(values));
    }
    send(200, { links_created: created, errors });
  }

  private update(body: unknown, send: Send) {
    const items = itemsOf(body);
    if (!items?.every((item) => nonEmpty(item.id))) {
      return send(400, refusal(400, 'Invalid parameters: dev_resources'));
    }
    const updated: FakeDevResource[] = [];
    const errors: Array<{ id: string; error: string }> = [];
    for (const item of items) {
      const resource = this.all.find((r) => r.id === String(item.id));
      if (!resource) {
        errors.push({ id: String(item.id), error: 'Dev resource not found' });
        continue;
      }
      if (this.readOnlyFiles.has(resource.file_key)) {
        return send(403, refusal(403, 'You do not have edit access to this file'));
      }
      if (nonEmpty(item.name)) resource.name = String(item.name);
      if (nonEmpty(item.url)) resource.url = String(item.url);
      updated.push(resource);
    }
    send(200, { links_updated: updated, errors });
  }

  private remove(fileKey: string, id: string, send: Send) {
    if (!this.fileExists(fileKey)) return send(404, refusal(404, 'File not found'));
    if (this.readOnlyFiles.has(fileKey)) {
      return send(403, refusal(403, 'You do not have edit access to this file'));
    }
    const at = this.all.findIndex((r) => r.id === id && r.file_key === fileKey);
    if (at < 0) return send(404, refusal(404, 'Dev resource not found'));
    this.all.splice(at, 1);
    send(200, null);
  }
}

function refusal(status: number, message: string) {
  return { error: true, status, message };
}

function nonEmpty(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0;
}

function itemsOf(body: unknown): Array<Record<string, unknown>> | null {
  const list = (body as { dev_resources?: unknown } | null)?.dev_resources;
  if (!Array.isArray(list) || list.length === 0) return null;
  return list.every((item) => typeof item === 'object' && item !== null)
    ? (list as Array<Record<string, unknown>>)
    : null;
}
