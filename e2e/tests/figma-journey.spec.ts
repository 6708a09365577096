import { signUpWithOrganization } from '@figgle/test-support/api-users';
import {
  SAMPLE_FILE_KEY,
  SAMPLE_FILE_NAME,
  SAMPLE_NODE_ID,
  SAMPLE_TEAM_ID,
} from '@figgle/test-support/fake-figma';
import { linkFigmaFile } from '../support/figma-setup.ts';
import { testWithFakeFigma } from '../support/figma-test.ts';
import { expect } from '../support/fixtures.ts';
import { createProject } from '../support/task-page-setup.ts';

const TOKEN = 'figd_e2e-personal-token-K7wq9a1b2';

// Trace-level logs: the journey checks that no token or passcode reaches them.
const test = testWithFakeFigma(TOKEN, { LOG_LEVEL: 'trace' });

test.describe('Figma integration', () => {
  // The offline service worker answers navigations itself; these journeys are about Figma, not offline use.
  test.use({ serviceWorkers: 'block' });

  test('connect a team, link a file, comments become tasks and comments, the radar turns a comment into a task', async ({
    page,
    mail,
    baseURL,
    fakeFigma,
    figgle,
  }) => {
    const owner = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Olive',
      lastname: 'Owner',
      organization: 'Acme Design',
    });
    const projectId = await createProject(page, baseURL, owner.organizationId, 'Checkout', 'CHK');

    // Settings: the help card, then the personal token.
    await page.goto('/settings/figma');
    await expect(page.getByRole('heading', { name: 'Figma', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a personal access token in Figma' })).toHaveAttribute(
      'href',
      /help\.figma\.com/,
    );
    await expect(page.getByText('No token is registered yet.')).toBeVisible();
    const tokenForm = page.getByRole('form', { name: 'Figma token' });
    await tokenForm.getByLabel('Figma token').fill(TOKEN);
    await tokenForm.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Your Figma token has been saved.')).toBeVisible();
    await expect(tokenForm.getByText('figd_…a1b2')).toBeVisible();
    await expect(tokenForm.getByLabel('Figma token')).toHaveValue('');

    // The Team Id: Save registers the team's webhook in Figma with that token.
    const teamForm = page.getByRole('form', { name: 'Figma team of Acme Design' });
    await teamForm.getByRole('textbox', { name: 'Team Id' }).fill(SAMPLE_TEAM_ID);
    await teamForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your Figma Team Id has been saved.')).toBeVisible();
    await expect(page.getByText('Yeah! The integration between Figgle and Figma is live.')).toBeVisible();
    await expect(page.getByText('Integration live')).toBeVisible();
    // One webhook per event type Figgle uses (Figma's webhooks take one type each).
    const registrations = fakeFigma.requests('POST', /^\/v2\/webhooks$/).slice(-4);
    expect(registrations.map((r) => (r.body as { event_type: string }).event_type)).toEqual([
      'FILE_COMMENT',
      'DEV_MODE_STATUS_UPDATE',
      'FILE_VERSION_UPDATE',
      'FILE_UPDATE',
    ]);
    for (const registration of registrations) {
      expect(registration.token).toBe(TOKEN);
      expect(registration.body).toMatchObject({
        context: 'team',
        context_id: SAMPLE_TEAM_ID,
        endpoint: `${baseURL}/api/figma/webhook`,
      });
    }

    // Link the design file (its address pasted) to the project.
    await page.getByRole('button', { name: 'Add a new link' }).click();
    const addLink = page.getByRole('dialog', { name: 'Add a new link' });
    await expect(addLink.getByText('Where is the file id?')).toBeVisible();
    await addLink
      .getByRole('textbox', { name: 'Figma file id' })
      .fill(`https://www.figma.com/design/${SAMPLE_FILE_KEY}/Checkout-redesign?node-id=0-1`);
    await addLink
      .getByRole('combobox', { name: 'Project' })
      .selectOption({ label: 'Checkout (Acme Design)' });
    await addLink.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Figma Link has been created!')).toBeVisible();
    await expect(addLink).toBeHidden();
    const links = page.getByRole('table', { name: 'Figma links' });
    const linkRow = links.getByRole('row', { name: /Checkout redesign/ });
    await expect(linkRow.getByRole('link', { name: 'Checkout', exact: true })).toBeVisible();
    await expect(linkRow.getByRole('link', { name: SAMPLE_FILE_NAME })).toHaveAttribute(
      'href',
      `https://www.figma.com/design/${SAMPLE_FILE_KEY}`,
    );

    // A '#task' comment in Figma becomes a task on the project's board.
    await page.goto(`/project/${projectId}/kanban`);
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    expect((await fakeFigma.deliverTaskComment()).status).toBe(200);
    const card = page.getByRole('article', { name: /Button contrast is too low on hover @Ada Lovelace$/ });
    // Live: the board was open before the comment arrived and is not reloaded.
    await expect(card).toBeVisible({ timeout: 20_000 });

    // Its page shows the rendered design node and a deep link to it.
    await card.click();
    await expect(page).toHaveURL(/\/task\//);
    const design = page.getByRole('region', { name: 'Figma design' });
    const image = design.getByRole('img', { name: `Design node ${SAMPLE_NODE_ID} in Figma` });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    await expect(design.getByRole('link', { name: 'Open in Figma' })).toHaveAttribute(
      'href',
      `https://www.figma.com/design/${SAMPLE_FILE_KEY}?node-id=12-345`,
    );
    await expect(
      page.getByRole('complementary', { name: 'Task details' }).getByText('Figma').first(),
    ).toBeVisible();

    // A reply in the thread becomes a comment on the task, by the commenter.
    expect((await fakeFigma.deliverReply()).status).toBe(200);
    await expect(page.getByRole('listitem').filter({ hasText: 'Ada Lovelace' })).toContainText(
      'Fixed in v3, please check again',
      { timeout: 20_000 },
    );

    // A plain comment lands on the radar, where it becomes a task from its dialog.
    await page.goto('/figma-radar');
    await expect(page.getByText('Notifications from your Figma organization')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    expect((await fakeFigma.deliverPlainComment({ commentId: '7000000001' })).status).toBe(200);
    const plain = page
      .getByRole('article')
      .filter({ hasText: 'Could the hero image be a little larger on mobile?' });
    await expect(plain).toBeVisible({ timeout: 20_000 });
    await expect(plain.getByRole('img', { name: 'Comment' })).toBeVisible();
    await expect(plain.getByText('Margaret Hamilton')).toBeVisible();
    await expect(plain.getByText(/^(a few seconds ago|just now)$/)).toBeVisible();
    await expect(plain.getByRole('link', { name: 'Checkout', exact: true })).toBeVisible();
    await expect(plain.getByRole('link', { name: SAMPLE_FILE_NAME })).toHaveAttribute(
      'href',
      `https://www.figma.com/design/${SAMPLE_FILE_KEY}`,
    );
    // Newest first: the plain comment, then the reply, then the task.
    const kinds = page.getByRole('article').getByRole('img', { name: /^(Task|Reply|Comment)$/ });
    await expect(kinds).toHaveCount(3);
    expect(await kinds.evaluateAll((icons) => icons.map((icon) => icon.getAttribute('aria-label')))).toEqual([
      'Comment',
      'Reply',
      'Task',
    ]);

    await plain.getByRole('button', { name: 'Details' }).click();
    await expect(page).toHaveURL(/\?eventId=/);
    const dialog = page.getByRole('dialog', { name: `Comment on ${SAMPLE_FILE_NAME}` });
    await expect(dialog.getByText('Could the hero image be a little larger on mobile?')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Project' })).toHaveValue(projectId);
    await dialog.getByRole('button', { name: 'Create a Task from this event' }).click();
    await expect(page.getByText('Your task has been successfully created.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/eventId=/);

    // The address with ?eventId= opens the same dialog, which now leads to the task.
    const eventUrl = await plain
      .getByRole('button', { name: 'Details' })
      .evaluate(() => window.location.href);
    expect(eventUrl).not.toContain('eventId');
    await plain.getByRole('button', { name: 'Details' }).click();
    const deepLink = page.url();
    await page.goto(deepLink);
    await expect(
      page
        .getByRole('dialog', { name: `Comment on ${SAMPLE_FILE_NAME}` })
        .getByText('This comment is already a task'),
    ).toBeVisible();
    await page.getByRole('dialog').getByRole('link', { name: 'Open the task' }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(
      'Could the hero image be a little larger on mobile?',
    );

    // The board has both tasks.
    await page.goto(`/project/${projectId}/kanban`);
    await expect(
      page.getByRole('article', { name: /Could the hero image be a little larger on mobile\?$/ }),
    ).toBeVisible();
    await expect(card).toBeVisible();

    // Remove the link: confirmation, then the notice.
    await page.goto('/settings/figma');
    await linkRow.getByRole('button', { name: /^Remove the link/ }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete Figma Link?' });
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    const deleted = page.getByRole('dialog', { name: 'Figma Link successfully deleted' });
    await expect(
      deleted.getByText('You will no longer receive automatic comments from Figma in this project.'),
    ).toBeVisible();
    await deleted.getByRole('button', { name: 'Ok' }).click();
    await expect(links.getByText("It's empty!")).toBeVisible();

    // No secret ever reached the server's log (it logs at trace level here).
    const passcode = (registrations[0]!.body as { passcode: string }).passcode;
    expect(passcode.length).toBeGreaterThanOrEqual(32);
    const output = figgle.output();
    expect(output.length).toBeGreaterThan(1000);
    expect(output).not.toContain(TOKEN);
    expect(output).not.toContain(passcode);
  });

  test('the radar shows ten events, then ten more with See More, scrolled to the bottom', async ({
    page,
    fakeFigma,
    figmaOwner,
  }) => {
    await figmaOwner({
      firstname: 'Rada',
      lastname: 'Reader',
      organization: 'Radar Works',
      teamId: '5550001',
    });
    const webhookId = fakeFigma.latestWebhook()!.id;
    for (let i = 1; i <= 13; i += 1) {
      const answer = await fakeFigma.deliverPlainComment({
        webhookId,
        text: `Radar note ${i}`,
        fileKey: 'RadarFile00000001',
        fileName: 'Radar file',
      });
      expect(answer.status).toBe(200);
    }

    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/figma-radar');
    const notes = page.getByRole('article').filter({ hasText: /Radar note \d+/ });
    await expect(notes).toHaveCount(10);
    await expect(notes.first()).toContainText('Radar note 13');
    await expect(notes.first().getByText('No project')).toBeVisible();
    await page.getByRole('button', { name: 'See More' }).click();
    await expect(notes).toHaveCount(13);
    await expect(notes.last()).toContainText('Radar note 1');
    await expect(page.getByRole('button', { name: 'See More' })).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4),
      )
      .toBe(true);

    // A comment that arrives while the radar is closed is there when it opens again.
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.getByRole('link', { name: 'My tasks' }).click();
    await expect(page.getByRole('heading', { name: 'My tasks', level: 1 })).toBeVisible();
    const later = await fakeFigma.deliverPlainComment({
      webhookId,
      text: 'Radar note 14',
      fileKey: 'RadarFile00000001',
      fileName: 'Radar file',
    });
    expect(later.status).toBe(200);
    await sidebar.getByRole('link', { name: 'Figma Radar' }).click();
    await expect(notes.first()).toContainText('Radar note 14');
  });

  test('a plan without webhooks gets the failure toast and the reason', async ({
    page,
    mail,
    baseURL,
    fakeFigma,
  }) => {
    const owner = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Frank',
      lastname: 'Free',
      organization: 'Free Plan',
    });
    fakeFigma.teamsWithoutWebhooks.add('8880001');
    await page.request.put('/api/me/figma-token', { headers: { origin: baseURL }, data: { token: TOKEN } });
    await page.goto('/settings/figma');
    const teamForm = page.getByRole('form', { name: `Figma team of ${owner.organizationName}` });
    await teamForm.getByRole('textbox', { name: 'Team Id' }).fill('8880001');
    await teamForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your Figma Team Id has been saved.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Access Denied' })).toContainText(
      'Impossible to refresh your Figma webhook.',
    );
    await expect(page.getByText('Not connected')).toBeVisible();

    // The dialog needs a project: without one nothing is sent.
    const projectId = await createProject(page, baseURL, owner.organizationId, 'Landing', 'LND');
    await page.getByRole('button', { name: 'Add a new link' }).click();
    const addLink = page.getByRole('dialog', { name: 'Add a new link' });
    await addLink.getByRole('textbox', { name: 'Figma file id' }).fill('https://example.com/not-figma');
    await addLink.getByRole('button', { name: 'Create' }).click();
    await expect(addLink).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Something went wrong' })).toHaveCount(0);

    // A file id that is neither an id nor a Figma address: the server refuses and the dialog says why.
    await addLink.getByRole('combobox', { name: 'Project' }).selectOption(projectId);
    await addLink.getByRole('button', { name: 'Create' }).click();
    const failure = page.getByRole('dialog', { name: 'Something went wrong' });
    await expect(failure).toContainText('This is not a Figma file id or a Figma file link');
    await expect(failure).toContainText('Please reload the page and try again.');
    await failure.getByRole('button', { name: 'Ok' }).click();
  });
  test('Back to Figma: with the switch on, a Figma task marked Done gets one reply in its thread', async ({
    page,
    baseURL,
    fakeFigma,
    figmaOwner,
  }) => {
    const owner = await figmaOwner({
      firstname: 'Bea',
      lastname: 'Back',
      organization: 'Reply Studio',
      teamId: '6660001',
    });
    const projectId = await createProject(page, baseURL, owner.organizationId, 'Website', 'WEB');
    await linkFigmaFile(page, baseURL, projectId, 'ReplyStudioFile001');

    // The owner turns the reply on.
    await page.goto('/settings/figma');
    const replySwitch = page.getByRole('switch', { name: 'Reply in Figma when a task is done' });
    await expect(replySwitch).not.toBeChecked();
    await replySwitch.click();
    await expect(replySwitch).toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Reply in Figma when a task is done' })).toBeChecked();

    const commentId = '8800000001';
    const delivery = await fakeFigma.deliverTaskComment({
      webhookId: fakeFigma.latestWebhook()!.id,
      commentId,
      fileKey: 'ReplyStudioFile001',
      fileName: 'Website',
      fragments: [{ text: 'Footer links are too small #task' }],
      mentions: [],
    });
    expect(delivery.status).toBe(200);
    await page.goto(`/project/${projectId}/kanban`);
    await page.getByRole('article', { name: /Footer links are too small$/ }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Footer links are too small');

    const replies = () =>
      fakeFigma
        .requests('POST', /^\/v1\/files\/ReplyStudioFile001\/comments$/)
        .filter((request) => (request.body as { comment_id?: string }).comment_id === commentId);
    const details = page.getByRole('complementary', { name: 'Task details' });
    await details.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Done' }).click();
    await expect.poll(() => replies().length).toBe(1);
    expect(replies()[0]!.body).toEqual({ message: 'Done in Figgle: WEB-1', comment_id: commentId });

    // Reopened and done again: Figma is not told twice.
    await details.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Doing' }).click();
    await details.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Done' }).click();
    await expect(page.getByText('changed status Doing → Done')).toBeVisible();
    // Proving that nothing more is sent takes a moment: the reply would go out right after the change.
    await page.waitForTimeout(1500);
    expect(replies()).toHaveLength(1);
  });
});
