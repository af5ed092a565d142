import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO, expect, expectNoSeriousAxeViolations, login, ownAddress, test, uniqueEmail } from './fixtures';

/** The CSRF token the app keeps in localStorage (spec section 7), for API calls made through page.request. */
async function csrfToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf'));
  if (!token) throw new Error('no CSRF token in localStorage');
  return token;
}

async function postOk(request: APIRequestContext, url: string, data: unknown, csrf: string, status = 200) {
  const response = await request.post(url, { data, headers: { 'x-csrf-token': csrf } });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(status);
  return response.json();
}

const SIZES = {
  name: 'form-field-custom-1',
  options: [
    { value: 's', label: 'Small' },
    { value: 'm', label: 'Medium' },
  ],
};

/**
 * A fresh event made through the API by the logged-in admin: one select field, a group "Bar" of wanted size 3 and
 * four applicants (registered in their own browser contexts): two accepted into Bar, one rejected, one pending in Bar.
 */
async function createEventWithApplicants(page: Page, browser: Browser) {
  const csrf = await csrfToken(page);
  const { event } = await postOk(page.request, '/api/events', { name: `Statistics e2e ${Date.now()}` }, csrf, 201);
  await postOk(
    page.request,
    `/api/event/${event.id}/form`,
    { fields: [{ name: SIZES.name, type: 'select', label: 'T-shirt size', required: true, options: SIZES.options }] },
    csrf,
  );
  await postOk(page.request, `/api/event/${event.id}/applications-open`, { open: true }, csrf);
  const { group } = await postOk(page.request, `/api/event/${event.id}/groups`, { name: 'Bar', wanted: 3 }, csrf, 201);

  const sizes = ['s', 'm', 's', 's'];
  const applicantEmails: string[] = [];
  for (const [index, size] of sizes.entries()) {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const email = uniqueEmail(`stats${index}`);
    applicantEmails.push(email);
    const registered = await context.request.post('/api/register', {
      headers: ownAddress(),
      data: { email, firstname: 'Stina', lastname: 'Statistik', password: 'applicant-password-1' },
    });
    expect(registered.ok()).toBe(true);
    const { _csrf } = (await registered.json()) as { _csrf: string };
    await postOk(context.request, `/api/event/${event.id}/apply`, { answers: { [SIZES.name]: size } }, _csrf, 201);
    await context.close();
  }
  const listed = await (
    await page.request.get(`/api/event/${event.id}/applications?pageSize=10&sort=createdAt`)
  ).json();
  const ids = (listed.applications as { id: number }[]).map((application) => application.id);
  expect(ids).toHaveLength(4);
  await postOk(
    page.request,
    `/api/event/${event.id}/applications/update`,
    { ids: ids.slice(0, 2), status: 'accepted', groupId: group.id },
    csrf,
  );
  await postOk(page.request, `/api/event/${event.id}/applications/update`, { ids: [ids[2]], status: 'rejected' }, csrf);
  await postOk(page.request, `/api/event/${event.id}/applications/update`, { ids: [ids[3]], groupId: group.id }, csrf);

  return { event: event as { id: number }, group: group as { id: number }, applicantEmails };
}

test.describe('statistics', () => {
  test('an admin sees the counts in a chart and its table, and a bar opens the review with its filter', async ({
    page,
    browser,
  }) => {
    // Four registrations, three themes and two widths with axe each: longer than the default minute on a busy machine.
    test.setTimeout(180_000);
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event, group } = await createEventWithApplicants(page, browser);

    // The sidebar leads there; the page has its title, breadcrumb and one h1.
    await page.goto(`/event/${event.id}`);
    await page.getByRole('link', { name: 'Statistics' }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/statistics$`));
    await expect(page).toHaveTitle('Statistics | Funkis');
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Statistics');
    await expect(page.getByTestId('statistics-total')).toHaveText('4 applications match; the event has 3 members.');

    // The filters are readable: the label sits above "Any", and on a phone they stack without gaps.
    const filters = page.getByRole('search', { name: /filter/i });
    const statusFilter = filters.getByRole('combobox', { name: /Status/ });
    await expect(statusFilter).toHaveText('Any');
    // The label's box ends above the text "Any" (a label left inside the field sits over it).
    const overlap = await statusFilter.evaluate((combobox) => {
      const label = combobox.closest('.MuiFormControl-root')?.querySelector('label');
      const text = [...combobox.childNodes].find((node) => node.textContent === 'Any');
      if (!label || !text) return Number.POSITIVE_INFINITY;
      const range = document.createRange();
      range.selectNodeContents(text);
      return label.getBoundingClientRect().bottom - range.getBoundingClientRect().top;
    });
    expect(overlap).toBeLessThan(3);
    await page.setViewportSize({ width: 375, height: 800 });
    // The layout follows the new width once the screen has rendered again (its media queries): asked until it has.
    const largestGap = () =>
      filters.locator(':scope > *').evaluateAll((elements) => {
        const boxes = elements.map((element) => element.getBoundingClientRect());
        return Math.max(...boxes.slice(1).map((box, index) => box.top - boxes[index].bottom));
      });
    await expect.poll(largestGap).toBeLessThan(24);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The status chart: drawn, its numbers in a table that is shown on request.
    const byStatus = page.getByRole('region', { name: 'Applications by status' });
    await expect(byStatus.locator('svg .MuiBarElement-root').first()).toBeVisible();
    const statusTable = byStatus.getByRole('table', { name: 'Applications by status' });
    await expect(statusTable).not.toBeInViewport();
    await byStatus.getByRole('button', { name: 'Show table' }).click();
    await expect(statusTable).toBeVisible();
    const countOf = (table: typeof statusTable, label: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
        .getByRole('cell');
    await expect(countOf(statusTable, 'Pending')).toHaveText('1');
    await expect(countOf(statusTable, 'Accepted')).toHaveText('2');
    await expect(countOf(statusTable, 'Rejected')).toHaveText('1');
    await expect(countOf(statusTable, 'Staged')).toHaveText('0');

    // The chart shows the same numbers: hovering the accepted bar shows 2 in the tooltip.
    const acceptedBar = byStatus.locator('svg .MuiBarElement-root').nth(2);
    await acceptedBar.hover();
    await expect(page.getByRole('tooltip')).toContainText('Accepted');
    await expect(page.getByRole('tooltip')).toContainText('2');

    // Progress against the wanted size, and the select field per option.
    const progress = page.getByRole('region', { name: 'Acceptance progress' });
    await progress.getByRole('button', { name: 'Show table' }).click();
    await expect(progress.getByRole('row').filter({ hasText: 'Bar' })).toContainText(['2', '3', '67 %'].join(''));
    const sizesCard = page.getByRole('region', { name: 'T-shirt size' });
    await sizesCard.getByRole('button', { name: 'Show table' }).click();
    await expect(countOf(sizesCard.getByRole('table'), 'Small')).toHaveText('3');
    await expect(countOf(sizesCard.getByRole('table'), 'Medium')).toHaveText('1');

    // The CSV download carries the table.
    const download = page.waitForEvent('download');
    await byStatus.getByRole('button', { name: 'Download Applications by status as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('applications-by-status.csv');

    // Filters live in the URL.
    await page.goto(`/event/${event.id}/statistics?groupId=${group.id}`);
    await expect(page.getByTestId('statistics-total')).toHaveText('3 applications match; the event has 3 members.');

    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Themed: the charts draw with each theme's palette, and the page passes axe in DARK and NATURE too.
    for (const theme of ['DARK', 'NATURE']) {
      await page.evaluate((name) => window.localStorage.setItem('settings', JSON.stringify({ theme: name })), theme);
      await page.reload();
      await expect(
        page.getByRole('region', { name: 'Applications by status' }).locator('svg .MuiBarElement-root').first(),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    }
    await page.evaluate(() => window.localStorage.setItem('settings', JSON.stringify({ theme: 'LIGHT' })));

    // A click on the accepted bar opens the review with the bar's filter in the URL.
    await page.goto(`/event/${event.id}/statistics`);
    await page
      .getByRole('region', { name: 'Applications by status' })
      .locator('svg .MuiBarElement-root')
      .nth(2)
      .click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/applications\\?status=accepted$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  });

  test('the review opened from a bar lists only the applications of that bar', async ({ page, browser }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event, group, applicantEmails } = await createEventWithApplicants(page, browser);
    await page.goto(`/event/${event.id}/statistics`);
    const byGroup = page.getByRole('region', { name: 'Applications by group' });
    await byGroup.getByRole('button', { name: 'Show table' }).click();
    await byGroup.getByRole('link', { name: 'Bar' }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}/applications\\?groupId=${group.id}$`));
    for (const email of [applicantEmails[0], applicantEmails[1], applicantEmails[3]]) {
      await expect(page.getByText(email)).toBeVisible();
    }
    await expect(page.getByText(applicantEmails[2])).toHaveCount(0);
  });

  test('an event without applications shows empty states', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const csrf = await csrfToken(page);
    const { event } = await postOk(page.request, '/api/events', { name: `Empty statistics ${Date.now()}` }, csrf, 201);
    await page.goto(`/event/${event.id}/statistics`);
    await expect(page.getByTestId('statistics-total')).toHaveText(
      'No applications yet. The charts fill in as people apply.',
    );
    await expect(page.getByRole('region', { name: 'Applications by status' })).toContainText(
      'No applications yet. The charts fill in as people apply.',
    );
  });

  test('a volunteer gets the access-denied page and the call answers 403', async ({ page }) => {
    await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
    await page.goto('/event/1/statistics');
    await expect(page.getByText('You do not have access to this page.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Statistics' })).toHaveCount(0);
    expect((await page.request.get('/api/event/1/statistics')).status()).toBe(403);
  });
});
