import http from 'node:http';

export interface RawAnswer {
  status: number;
  body: string;
  /** The cookies the answer sets, as a Cookie header sends them back. */
  cookie: string;
}

/**
 * One HTTP request to `address` (`http://host:port`) with exactly these headers, Host included
 * (fetch would not let a test choose Host). A body is sent as JSON, by POST unless `method` says.
 */
export function sendRaw(
  address: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawAnswer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${address}${path}`,
      {
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            cookie: (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
