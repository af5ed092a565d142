import { axeOn, DEMO, expect, login, test } from './fixtures';

/**
 * The server (or its database) out of reach, as the browser sees it: requests to /api fail or answer 503. The
 * app shows "Cannot reach the server" and retries by itself — never the 500 page, never "access denied" — and
 * carries on when the server answers again, the session intact.
 */
test.describe('server out of reach', () => {
  test('an event page retries instead of failing, and loads when the server is back', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/');
    const festival = page.getByRole('link', { name: /Demo Festival/ }).first();
    await expect(festival).toBeVisible();

    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await festival.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cannot reach the server' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot reach the server' })).toContainText('Retrying…');
    await expect(page.getByText('Internal server error')).toHaveCount(0);
    await expect(page.getByText(/access denied/i)).toHaveCount(0);
    // The top bar is not this screen's (its initials avatar has a contrast finding of its own).
    const results = await axeOn(page).exclude('header').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);

    await page.unroute('**/api/**');
    // The readiness check is asked every 3 s; then the event loads where the user was.
    await expect(page.getByRole('heading', { level: 1, name: 'Cannot reach the server' })).toHaveCount(0, {
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/event\/1/);
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot reach the server' })).toHaveCount(0);
  });

  test('a reload while the database is away (503) keeps the session and recovers, at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
    await page.route('**/api/**', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'retry-after': '5' },
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          errorMessages: ['The server is busy or cannot reach its database. Try again in a moment.'],
          errors: [{ code: 'error.unavailable' }],
        }),
      }),
    );
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot reach the server' })).toContainText('Retrying…');
    // Not sent to the login page: the session may be fine, only the server is away.
    await expect(page).not.toHaveURL(/\/authentication\/login/);

    await page.unroute('**/api/**');
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot reach the server' })).toHaveCount(0, {
      timeout: 15_000,
    });
    await expect(page).not.toHaveURL(/\/authentication\/login/);
    await expect(page.getByRole('button', { name: /account|profile/i }).first()).toBeVisible();
  });
});
