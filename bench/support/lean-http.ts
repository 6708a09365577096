import http from 'node:http';

export interface LeanAnswer {
  status: number;
  body: string;
}

/**
 * JSON requests over node:http with kept-alive connections. The benchmark's clients share the machine
 * with the server: fetch (undici, web streams) costs the client process about a millisecond of CPU and a
 * lot of garbage per call, which then shows up in the server's figures as a busier CPU and as the
 * client's own GC pauses inside timed calls. Real clients are browsers on other machines.
 */
export function leanJsonClient(baseURL: string, headers: Record<string, string>, maxSockets = 10) {
  const url = new URL(baseURL);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  function send(method: string, pathname: string, body: unknown): Promise<LeanAnswer> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: pathname,
          method,
          agent,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }
  return {
    send,
    post: (pathname: string, body: unknown) => send('POST', pathname, body),
    close(): void {
      agent.destroy();
    },
  };
}
