import { expect, test } from '../support/fixtures.ts';

test.describe('first contact', () => {
  test('the home page is the login screen, served by the real server', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
    await expect(page.getByRole('link', { name: /magic link/i })).toHaveAttribute('href', '/magic-login');
  });

  test('pages carry a strict Content-Security-Policy that the app itself never violates', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/login');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('legal documents are public files linked from login', async ({ page, request }) => {
    await page.goto('/login');
    const privacy = page.getByRole('link', { name: /privacy policy/i }).first();
    const href = await privacy.getAttribute('href');
    expect(href).toBeTruthy();
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/privacy/i);
  });

  test('an unknown address shows the not-found page, and the API answers JSON errors', async ({
    page,
    request,
  }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: /not found|doesn.t exist|lost/i })).toBeVisible();
    const api = await request.get('/api/nothing-here');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
  });

  test('a signed-out visitor of an auth-required route is sent to login', async ({ page }) => {
    await page.goto('/projects');
    await expect(page).toHaveURL(/\/login$/);
  });
});
