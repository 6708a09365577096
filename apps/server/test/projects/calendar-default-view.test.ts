// @database pglite

import type { MailCatcher } from '@figgle/test-support/mail-catcher';
import type { TestServer } from '@figgle/test-support/test-server';
import { createUser, serverWithMail, type TestUser } from '@figgle/test-support/users';
import { beforeAll, describe, expect, it } from 'vitest';

let server: TestServer;
let mail: MailCatcher;
let ada: TestUser;
let projectId: string;

serverWithMail((started) => ({ server, mail } = started));
beforeAll(async () => {
  ada = await createUser(server, mail, { firstname: 'Ada', lastname: 'Lovelace' });
  const organization = await ada.api('/api/organizations', { body: { name: 'Engines' } });
  const { organization_id } = (await organization.json()) as { organization_id: string };
  const project = await ada.api('/api/projects', {
    body: { name: 'Calendar', trigram: 'CAL', organization_id },
  });
  projectId = ((await project.json()) as { project_id: string }).project_id;
});

describe("a project's default view", () => {
  it('may be the calendar, and is kept', async () => {
    const response = await ada.api(`/api/projects/${projectId}`, {
      method: 'PATCH',
      body: { default_view: 'CALENDAR' },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ default_view: 'CALENDAR' });
    const read = (await (await ada.api(`/api/projects/${projectId}`)).json()) as { default_view: string };
    expect(read.default_view).toBe('CALENDAR');
  });

  it('refuses a view that does not exist, and keeps the one it had', async () => {
    const response = await ada.api(`/api/projects/${projectId}`, {
      method: 'PATCH',
      body: { default_view: 'TIMELINE' },
    });
    expect(response.status).toBe(400);
    const read = (await (await ada.api(`/api/projects/${projectId}`)).json()) as { default_view: string };
    expect(read.default_view).toBe('CALENDAR');
  });
});
