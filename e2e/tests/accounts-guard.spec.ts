import { expect, test } from '../support/fixtures.ts';
import { logInWithForm, verifiedPerson } from './accounts-support.ts';

test('a signed-in user with onboarding ahead is sent to step 1 from any signed-in page, even after clearing local storage', async ({
  page,
  mail,
  baseURL,
}) => {
  const person = await verifiedPerson(page.request, mail, baseURL, {
    firstname: 'Otto',
    lastname: 'Onboard',
  });
  await logInWithForm(page, person);
  await expect(page).toHaveURL(/\/onboarding\/step-1$/);
  expect(await page.evaluate(() => window.localStorage.getItem('figgle-onboarding'))).toBe('true');

  const step1 = page.getByRole('heading', { name: 'Hi! Who are you?' });
  for (const target of ['/projects', '/settings/profile', '/inbox', '/my-tasks']) {
    await page.goto(target);
    await expect(page).toHaveURL(/\/onboarding\/step-1$/);
    await expect(step1).toBeVisible();
  }
  // The flag lives on the server: a device that never saw the registration still gets onboarding.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/onboarding\/step-1$/);
  await expect(step1).toBeVisible();
  // Onboarding routes themselves stay open.
  await page.goto('/onboarding/step-2');
  await expect(page.getByRole('heading', { name: 'Your personal organization' })).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/step-2$/);
});

test('a signed-out visitor is sent to login from signed-in and onboarding pages, and public pages stay open', async ({
  page,
}) => {
  for (const target of [
    '/projects',
    '/settings/profile',
    '/onboarding/step-1',
    '/task/00000000-0000-4000-8000-000000000000',
  ]) {
    await page.goto(target);
    await expect(page).toHaveURL(/\/login$/);
  }
  for (const target of [
    '/register',
    '/magic-login',
    '/reset-password',
    '/resend-confirmation',
    '/auth?activation=true',
  ]) {
    await page.goto(target);
    await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
  }
});
