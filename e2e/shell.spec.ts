import { expect, test } from './fixtures';

test.describe('web shell', () => {
  test('login page: title, page_view push, links', async ({ page }) => {
    await page.goto('/authentication/login');
    await expect(page).toHaveTitle(/^Log ?in \| Funkis$/i);
    const pushes = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).map((entry) => entry.event),
    );
    expect(pushes).toContain('page_view');
    await expect(page.getByRole('link', { name: /create new account/i })).toHaveAttribute(
      'href',
      '/authentication/register',
    );
    await expect(page.getByRole('link', { name: /forgot password/i })).toHaveAttribute(
      'href',
      '/authentication/password-recovery',
    );
  });

  test('the login gate remembers the wanted path', async ({ page }) => {
    await page.goto('/account/security');
    await expect(page).toHaveURL(/\/authentication\/login|\/account\/security/);
    await page.getByLabel(/e-?mail/i).fill('admin@funkis.local');
    await page.getByLabel(/password/i).fill('funkis-demo');
    await page.getByRole('button', { name: /log in|sign in/i }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
  });

  test('unknown paths show the 404 page', async ({ page }) => {
    await page.goto('/authentication/login');
    await page.goto('/this/does/not/exist');
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  });

  test('a page that breaks the Content-Security-Policy fails its test', async ({ page }) => {
    // Expected to fail: the suite's CSP guard must turn the page's refused eval into a failure.
    test.fail();
    await page.goto('/authentication/login');
    await expect(page.getByRole('link', { name: /create new account/i })).toBeVisible();
    await page.evaluate(() => {
      try {
        new Function('')();
      } catch {
        // refused, as the policy says; the browser reports it all the same
      }
    });
    // The report has reached the test runner once the page counts it.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __funkisCspReported?: number }).__funkisCspReported))
      .toBe(1);
  });

  test('API health answers', async ({ request, baseURL }) => {
    const response = await request.get(`${baseURL}/api/health`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'sqlite' });
  });
});
