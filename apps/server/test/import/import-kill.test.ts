// @database both
import type { ImportView } from '@figgle/shared/import-schemas';
import type { ProjectExport } from '@figgle/shared/project-export-schemas';
import { testDatabaseKind } from '@figgle/test-support/database-template';
import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import type { TestUser } from '@figgle/test-support/users';
import { startMailCatcher } from '@figgle/test-support/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, eventually } from '../figma/figma-world.ts';
import { createOrganizationAs } from '../organizations/organizations-world.ts';
import { type CrashPlace, openCrashPlace } from '../support/crash-place.ts';
import { createRemoteUser, onServer } from '../support/remote-user.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { finished, sendImportFile, start } from './import-world.ts';

/**
 * An import is a durable job written in batches, each committed with the run's progress: a server
 * killed in the middle of one (SIGKILL, nothing flushed, the batch in flight lost) finishes it after
 * the restart (on PostgreSQL once the dead worker's lease runs out), every row exactly once.
 */
const kind = testDatabaseKind();
const KILL_TEST_MS = 180_000;
/** Several batches of the job (run-import.ts), so that the kill lands between the first and the last. */
const ROWS = 9_000;

describe(`SIGKILL in the middle of an import (${kind})`, () => {
  let mail: MailCatcher;
  let place: CrashPlace;
  let user: TestUser;
  let organizationId: string;
  let server: ServerProcess;

  const startServer = () =>
    place.start({
      SECRET: 'import-kill-secret-that-is-long-enough-0123456789',
      SMTP_URL: mail.url,
    });

  beforeAll(async () => {
    mail = await startMailCatcher();
    place = await openCrashPlace(kind, 'import-kill');
    server = await startServer();
    user = await createRemoteUser(server.url, mail, 'Ines');
    organizationId = await createOrganizationAs(user, 'Crash Imports');
  }, KILL_TEST_MS);

  afterAll(async () => {
    await place?.close();
    await mail?.stop();
  });

  it(
    'finishes after a restart the import the kill cut off, with every row once',
    async () => {
      const projectId = await createProject(user, organizationId, 'Moving in', 'MOV');
      const lines = ['Title,Description,Status,Labels'];
      for (let row = 1; row <= ROWS; row++)
        lines.push(
          `Moved task ${row},"Line ${row}, from the old tracker",${row % 3 ? 'To Do' : 'Done'},Moved`,
        );
      const sent = await sendImportFile(
        { url: server.url } as TestServer,
        user,
        `/api/projects/${projectId}/imports`,
        'moving.csv',
        `${lines.join('\r\n')}\r\n`,
      );
      expect(sent.status, await sent.clone().text()).toBe(201);
      const analysed = (await sent.json()) as ImportView;
      if (analysed.analysis.format !== 'csv') throw new Error('not csv');
      await start(user, analysed.import_id, { csv_columns: analysed.analysis.suggested_columns });

      // Killed once some batches have committed and others have not.
      const cut = await eventually(
        async () => {
          const run = (await (await user.api(`/api/imports/${analysed.import_id}`)).json()) as ImportView;
          if (run.state === 'done') throw new Error('the import ended before the kill: make it longer');
          return run.state === 'running' && run.progress.done > 0 ? run : null;
        },
        'the first committed batch',
        60_000,
      );
      server.child.kill('SIGKILL');
      await server.exited;
      expect(cut.progress.done).toBeLessThan(ROWS);

      server = await startServer();
      user = onServer(user, server.url);
      const done = await finished(user, analysed.import_id, 120_000);
      expect(done.state).toBe('done');
      expect(done.progress).toEqual({ done: ROWS, total: ROWS });
      expect(done.imported).toMatchObject({ tasks: ROWS, labels: 1 });
      expect(done.problems_total).toBe(0);

      const exported = (await (
        await user.api(`/api/projects/${projectId}/export.json`)
      ).json()) as ProjectExport;
      const titles = exported.tasks.map((task) => task.title);
      expect(titles).toHaveLength(ROWS);
      expect(new Set(titles).size).toBe(ROWS);
      expect(titles.sort()).toEqual(
        Array.from({ length: ROWS }, (_, index) => `Moved task ${index + 1}`).sort(),
      );
      // No reference was taken by the batch the kill lost: 1 to ROWS, each once.
      expect(exported.tasks.map((task) => task.reference).sort((a, b) => a - b)).toEqual(
        Array.from({ length: ROWS }, (_, index) => index + 1),
      );
      expect(exported.project.last_reference).toBe(ROWS);
    },
    KILL_TEST_MS,
  );
});
