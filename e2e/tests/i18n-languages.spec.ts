import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { MailCatcher } from '@figgle/test-support/mail-catcher';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { expectPageIn, type Language, say, tr } from './i18n-support.ts';

// Issue 45: the whole onboarding, a task page and the settings in German and in French, for a browser
// set to that language; each page shows no English message of the catalogue and is no wider than the
// screen. Then the language chosen in Preferences, kept by the account and followed by another device.

const JOURNEYS = [
  { language: 'de', locale: 'de-DE', scheme: 'light', viewport: { width: 1440, height: 900 } },
  { language: 'de', locale: 'de-DE', scheme: 'dark', viewport: { width: 390, height: 844 } },
  { language: 'fr', locale: 'fr-FR', scheme: 'light', viewport: { width: 1440, height: 900 } },
  { language: 'fr', locale: 'fr-FR', scheme: 'dark', viewport: { width: 390, height: 844 } },
] as const;

for (const journey of JOURNEYS) {
  const lang: Language = journey.language;
  test.describe(`Figgle in ${journey.locale} at ${journey.viewport.width} px, ${journey.scheme}`, () => {
    test.use({ locale: journey.locale, colorScheme: journey.scheme, viewport: journey.viewport });

    test('registration, onboarding, the first project, a task page and the settings, with no English left', async ({
      page,
      mail,
      baseURL,
    }) => {
      const email = uniqueEmail(`i18n-${lang}`);
      await page.goto('/login');
      await expectPageIn(page, lang, '/login');
      await page.getByRole('link', { name: say(lang, 'auth.newToFiggle', 'link') }).click();

      const form = page.getByRole('form', { name: say(lang, 'auth.register') });
      await form.getByRole('textbox', { name: say(lang, 'auth.firstname'), exact: true }).fill('Lena');
      await form.getByRole('textbox', { name: say(lang, 'auth.lastname'), exact: true }).fill('Lang');
      await form.getByRole('textbox', { name: say(lang, 'auth.email'), exact: true }).fill(email);
      await form.getByRole('textbox', { name: say(lang, 'auth.password'), exact: true }).fill('sprache-45');
      await expectPageIn(page, lang, '/register');
      await form.getByRole('button', { name: say(lang, 'auth.register') }).click();
      await expect(
        page.getByRole('region', { name: say(lang, 'messages.authCards.creation') }),
      ).toContainText(email);
      await expectPageIn(page, lang, 'the "verify your email" card', [email]);

      // The confirmation email speaks the language of the browser that registered.
      const subject = lang === 'de' ? /Bestätige dein Figgle-Konto/ : /Confirmez votre compte Figgle/;
      const message = await mail.waitFor(email, subject);
      await page.goto(MailCatcher.linkIn(message, baseURL));
      await expect(
        page.getByRole('region', { name: say(lang, 'messages.authCards.activation') }),
      ).toBeVisible();
      await expectPageIn(page, lang, 'the "email verified" card');

      await page.goto('/login');
      const login = page.getByRole('form', { name: say(lang, 'auth.logIn') });
      await login.getByRole('textbox', { name: say(lang, 'auth.email'), exact: true }).fill(email);
      await login.getByRole('textbox', { name: say(lang, 'auth.password'), exact: true }).fill('sprache-45');
      await login.getByRole('button', { name: say(lang, 'auth.connect') }).click();

      await expect(page.getByRole('heading', { name: say(lang, 'onboarding.profileTitle') })).toBeVisible();
      await expectPageIn(page, lang, 'onboarding step 1');
      await page.getByRole('button', { name: say(lang, 'onboarding.next') }).click();
      await expect(
        page.getByRole('textbox', { name: say(lang, 'onboarding.organizationName'), exact: true }),
      ).toBeVisible();
      await expectPageIn(page, lang, 'onboarding step 2');
      await page.getByRole('button', { name: say(lang, 'onboarding.confirm') }).click();
      await expect(page.getByRole('heading', { name: say(lang, 'onboarding.welcomeTitle') })).toBeVisible();
      await expectPageIn(page, lang, 'onboarding step 3');
      await page.getByRole('link', { name: say(lang, 'onboarding.goToFiggle') }).click();

      // The first project, from the empty projects page.
      const noProject = page.getByRole('region', { name: say(lang, 'projects.noProjectYet') });
      await expect(noProject).toBeVisible();
      await expectPageIn(page, lang, 'the empty projects page');
      await noProject.getByRole('button', { name: say(lang, 'projects.addFirstProject') }).click();
      const dialog = page.getByRole('dialog', { name: say(lang, 'projects.addProject') });
      await dialog.getByRole('textbox', { name: say(lang, 'projects.name'), exact: true }).fill('Leuchtturm');
      await expectPageIn(page, lang, 'the new project dialog');
      await dialog.getByRole('button', { name: say(lang, 'projects.create') }).click();
      await expect(page.getByRole('heading', { name: 'Leuchtturm', level: 1 })).toBeVisible();
      await expectPageIn(page, lang, 'the new project', ['Leuchtturm']);

      // A task page: a task made through the API, opened by its address.
      const projectId = /\/project\/([0-9a-f-]+)\//.exec(page.url())?.[1];
      const created = await page.request.post(`/api/projects/${projectId}/tasks`, {
        headers: { origin: baseURL },
        data: { title: 'Leuchtfeuer prüfen' },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { task_id: taskId } = (await created.json()) as { task_id: string };
      await page.goto(`/task/${taskId}`);
      await expect(
        page.getByRole('complementary', { name: tr(lang, 'task-detail', 'Task details') }),
      ).toBeVisible();
      await expectPageIn(page, lang, 'the task page', ['Leuchtfeuer prüfen', 'Leuchtturm']);
      // I18N_SCREENSHOTS=docs/images writes the pictures of docs/product.md#languages.
      const shots = process.env.I18N_SCREENSHOTS;
      if (shots) await page.screenshot({ path: `${shots}/languages-${lang}-${journey.scheme}.png` });

      // The settings: the profile and the preferences, whose language select names the language.
      await page.goto('/settings/preferences');
      await expect(page.getByRole('heading', { name: say(lang, 'settings.preferences') })).toBeVisible();
      await expect(page.getByRole('combobox', { name: say(lang, 'common.language') })).toHaveValue(
        lang === 'de' ? 'Deutsch' : 'Français',
      );
      await expectPageIn(page, lang, 'Settings › Preferences');
      await page.goto('/settings');
      await expect(
        page.getByRole('textbox', { name: tr(lang, 'settings', 'Firstname'), exact: true }),
      ).toHaveValue('Lena');
      await expectPageIn(page, lang, 'Settings › My Profile');
    });
  });
}

test.describe('the language chosen in Preferences', () => {
  test.use({ locale: 'en-US' });

  test('choosing Deutsch reloads in German, survives a reload, and follows the account to another browser', async ({
    page,
    mail,
    baseURL,
    browser,
  }) => {
    const person = await signUpWithOrganization(page, mail, baseURL, {
      firstname: 'Paul',
      lastname: 'Polyglot',
      organization: 'Polyglots',
    });
    await page.goto('/settings/preferences');
    await expect(page.getByRole('heading', { name: 'Preferences' })).toBeVisible();
    const select = page.getByRole('combobox', { name: 'Language' });
    await expect(select).toHaveValue('English');
    await select.click();
    await page.getByRole('option', { name: 'Deutsch' }).click();

    // The page reloads in German; the choice is the account's.
    await expect(page.getByRole('heading', { name: say('de', 'settings.preferences') })).toBeVisible();
    await expect(page.getByRole('combobox', { name: say('de', 'common.language') })).toHaveValue('Deutsch');
    await expectPageIn(page, 'de', 'Preferences after choosing Deutsch');
    expect(await (await page.request.get('/api/me')).json()).toMatchObject({ locale: 'de' });
    await page.reload();
    await expect(page.getByRole('heading', { name: say('de', 'settings.preferences') })).toBeVisible();

    // Another browser, set to English, signs in: the saved language takes over once the profile loads.
    const other = await browser.newContext({ baseURL, locale: 'en-US' });
    const signIn = await other.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL },
      data: { email: person.email, password: person.password },
    });
    expect(signIn.ok()).toBe(true);
    const elsewhere = await other.newPage();
    await elsewhere.goto('/settings/preferences');
    await expect(elsewhere.getByRole('heading', { name: say('de', 'settings.preferences') })).toBeVisible();
    await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'de');
    await other.close();
  });
});
