/** Secrets never reach the logs: cookies, authorization headers, passwords and tokens in bodies. */
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
];
