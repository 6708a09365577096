/** Secrets never reach the logs: cookies, authorization headers, passwords, tokens and email bodies. */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-figma-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.figma_token',
  '*.passcode',
  // An email's body holds the links that sign people in: no log line may carry one.
  'text',
  'html',
  '*.text',
  '*.html',
];

/** Query values and path parts that are credentials: emailed links' tokens, OAuth codes and states. */
const SECRET_QUERY = /([?&](?:token|code|state|passcode)=)[^&#]*/gi;
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/gi;

/** A URL as it may be logged: the tokens of emailed links and provider callbacks are replaced. */
function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL redacted: a link's token must not outlive its email. */
export const logSerializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
