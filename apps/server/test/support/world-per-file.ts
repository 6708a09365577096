import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { type ServerWithMailOptions, serverWithMail } from '@figgle/test-support/users';
import { beforeAll } from 'vitest';

/**
 * `serverWithMail` with a world made by `create` in its server, handed to `started` before the
 * file's own `beforeAll` hooks run (the world's making may take `options.timeoutMs`).
 */
export function worldPerFile<World>(
  create: (server: TestServer, mail: MailCatcher) => Promise<World>,
  started: (file: { server: TestServer; mail: MailCatcher; world: World }) => void,
  options: ServerWithMailOptions = {},
): void {
  let up: { server: TestServer; mail: MailCatcher };
  serverWithMail((file) => {
    up = file;
  }, options);
  beforeAll(async () => {
    started({ ...up, world: await create(up.server, up.mail) });
  }, options.timeoutMs);
}
