// The global setup of the `server-postgres` project (vitest.config.ts): the `// @database both` files
// on TEST_DATABASE_URL's PostgreSQL, whatever TEST_DB says in the shell that started the run.
import { preparePostgresTemplate } from './global-setup.ts';

export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'The server-postgres project needs TEST_DATABASE_URL (bash scripts/postgres-for-tests.sh starts one; see README.md)',
    );
  }
  await preparePostgresTemplate(url);
}
