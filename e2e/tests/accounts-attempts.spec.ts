import { signUpWithOrganization } from '@figgle/test-support/api-users';
import { expect, testWithServer } from '../support/fixtures.ts';
import { logInWithForm } from './accounts-support.ts';

/** Behind a trusted proxy, so each browser below can say which address it comes from. */
const test = testWithServer({ TRUST_PROXY: 'true' });

test("a stranger's wrong passwords make the stranger wait, while the owner logs in from their own address", async ({
  page,
  browser,
  mail,
  baseURL,
}) => {
  // Six password checks and three browsers: past a minute on a loaded two-core machine.
  test.slow();
  const person = await signUpWithOrganization(page, mail, baseURL, {
    firstname: 'Olga',
    lastname: 'Owner',
    organization: 'Own Address',
  });

  const strangerContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.80' },
  });
  const stranger = await strangerContext.newPage();
  const dialog = stranger.getByRole('dialog', { name: 'Error' });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await logInWithForm(stranger, { email: person.email, password: `guess-${attempt}` });
    await expect(dialog).toContainText('Invalid email or password');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
  }
  // The sixth try waits, whatever the password.
  await logInWithForm(stranger, { email: person.email, password: person.password });
  await expect(dialog).toContainText(/Too many attempts\. Please wait \d+ seconds? and try again\./);
  await expect(stranger).toHaveURL(/\/login$/);
  await strangerContext.close();

  const ownerContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.80' },
  });
  const owner = await ownerContext.newPage();
  await logInWithForm(owner, person);
  await expect(owner).toHaveURL(/\/projects$/);
  await ownerContext.close();
});
