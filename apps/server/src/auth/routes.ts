import type { AppInstance } from '../app.ts';

/**
 * better-auth speaks WHATWG Request/Response: each /api/auth/* call is handed over as one.
 * Fastify has already parsed the body, so it is serialized back the way it came.
 */
export async function authRoutes(app: AppInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, app.deps.env.PUBLIC_URL);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
      const body = hasBody
        ? typeof request.body === 'string'
          ? request.body
          : JSON.stringify(request.body)
        : undefined;
      const response = await app.deps.auth.handler(
        new Request(url, { method: request.method, headers, body }),
      );
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name === 'set-cookie') continue;
        reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      const text = await response.text();
      return reply.send(text.length ? text : null);
    },
  });
}
