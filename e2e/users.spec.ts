import fs from 'node:fs';
import {
  confirmationPathFromMail,
  DEMO,
  expect,
  expectNoSeriousAxeViolations,
  login,
  ownAddress,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures';

/** The CSRF token the app keeps in localStorage (spec section 7), for API calls made through page.request. */
async function csrfToken(page: import('@playwright/test').Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf'));
  if (!token) throw new Error('no CSRF token in localStorage');
  return token;
}

test.describe('users table', () => {
  test('an admin invites a member who accepts on their home page, makes them group leader, and exports CSV', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // A second account, registered in its own browser context.
    const memberEmail = uniqueEmail('member');
    const password = 'member-password-1';
    const memberContext = await browser.newContext({
      baseURL: test.info().project.use.baseURL ?? process.env.E2E_BASE_URL,
    });
    const registered = await memberContext.request.post('/api/register', {
      headers: ownAddress(),
      data: { email: memberEmail, firstname: 'Maja', lastname: 'Medlem', password },
    });
    expect(registered.ok()).toBe(true);
    await memberContext.clearCookies();

    // The admin creates a fresh event through the API.
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const created = await page.request.post('/api/events', {
      data: { name: `Users e2e ${Date.now()}` },
      headers: { 'x-csrf-token': await csrfToken(page) },
    });
    expect(created.status()).toBe(201);
    const { event } = (await created.json()) as { event: { id: number; name: string } };

    await page.goto(`/event/${event.id}/users`);
    await expect(page).toHaveTitle('Users | Funkis');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row').filter({ hasText: DEMO.admin.email })).toBeVisible();
    const invitations = page.getByRole('region', { name: 'Invitations' });
    await expect(invitations).toContainText('No invitations waiting for an answer.');

    // An existing member: the server's 409 text shows in the dialog.
    await page.getByRole('button', { name: 'Invite by e-mail' }).click();
    const inviteDialog = page.getByRole('dialog', { name: 'Invite by e-mail' });
    await expect(inviteDialog).toContainText('We send an invitation to this address.');
    await inviteDialog.getByLabel('E-mail').fill(DEMO.admin.email);
    await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(inviteDialog.getByTestId('form-errors')).toContainText('already a member');

    // The new person: invited, not a member yet, listed under the invitations.
    await inviteDialog.getByLabel('E-mail').fill(memberEmail);
    await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(inviteDialog).toBeHidden();
    await expect(page.getByText(`An invitation was sent to ${memberEmail}.`)).toBeVisible();
    await expect(invitations.getByTestId('invitation-row').filter({ hasText: memberEmail })).toContainText('Volunteer');
    await expect(grid.getByRole('row').filter({ hasText: memberEmail })).toHaveCount(0);
    const mail = await waitForMail(memberEmail, 20_000, /invites you to the event/);
    expect(mail).toMatch(/^From: "?Ada Admin via Funkis"? </m);
    expect(mail).toContain(event.name);

    // The person logs in, finds the invitation on their home page and accepts it: the event joins their list.
    const memberPage = await memberContext.newPage();
    await login(memberPage, memberEmail, password);
    // Unconfirmed, the home page says why no invitation shows; the link mailed at registration changes that.
    await expect(memberPage.getByTestId('invitations-need-confirmation')).toBeVisible();
    await expect(memberPage.getByTestId('invitation-card')).toHaveCount(0);
    await memberPage.goto(await confirmationPathFromMail(memberEmail));
    await expect(memberPage.getByText(`The address ${memberEmail} is confirmed.`)).toBeVisible();
    await memberPage.getByRole('link', { name: 'Go to home' }).click();
    const card = memberPage.getByTestId('invitation-card').filter({ hasText: event.name });
    await expect(card).toContainText('Invited as Volunteer');
    await expect(card).toContainText('From Ada');
    await expectNoSeriousAxeViolations(memberPage);
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(memberPage.getByText(`You joined ${event.name}.`)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(memberPage.getByTestId('event-card').filter({ hasText: event.name })).toContainText('Volunteer');
    await memberContext.close();

    // The admin sees them in the table now, and the invitation is gone.
    await page.reload();
    const memberRow = grid.getByRole('row').filter({ hasText: memberEmail });
    await expect(memberRow).toContainText('Volunteer');
    await expect(invitations).toContainText('No invitations waiting for an answer.');

    // Make them a group leader.
    await memberRow.getByRole('menuitem', { name: `Change role and group of ${memberEmail}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Change role and group' });
    await editDialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Group leader' }).click();
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(editDialog).toBeHidden();
    await expect(memberRow).toContainText('Group leader');

    // The last admin cannot be demoted: the server's text as an error snackbar.
    const adminRow = grid.getByRole('row').filter({ hasText: DEMO.admin.email });
    await adminRow.getByRole('menuitem', { name: `Change role and group of ${DEMO.admin.email}` }).click();
    await editDialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Volunteer' }).click();
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('An event must keep at least one admin.', { exact: false })).toBeVisible();
    await expect(adminRow).toContainText('Admin');

    // Hide the last-name column, then export as CSV: only the chosen columns, with the member's address.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Last name' }).click();
    await page.keyboard.press('Escape');
    await expect(grid.getByRole('columnheader', { name: 'Last name' })).toHaveCount(0);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV', exact: true }).click();
    const download = await downloadPromise;
    const file = await download.path();
    const csv = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    const [header] = csv.split(/\r?\n/);
    // Every field quoted, so no spreadsheet splits inside one.
    expect(header).toBe('"First name","Email","Role","Group"');
    expect(csv).toContain(memberEmail);
    expect(csv).toContain(DEMO.admin.email);
    expect(csv).toContain(`"Maja","${memberEmail}","Group leader",`);

    // The ';' export for Swedish Excel: a byte-order mark, and ';' between the quoted fields.
    const semicolonPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV (;)' }).click();
    const semicolonFile = await (await semicolonPromise).path();
    const semicolon = fs.readFileSync(semicolonFile, 'utf8');
    expect(semicolon.startsWith('\uFEFF')).toBe(true);
    expect(semicolon.slice(1).split(/\r?\n/)[0]).toBe('"First name";"Email";"Role";"Group"');
    expect(semicolon).toContain(`"Maja";"${memberEmail}";"Group leader";`);

    // On a phone the page keeps its width: the toolbar wraps and the members are cards (role, group, actions).
    await page.setViewportSize({ width: 375, height: 800 });
    const memberCard = page.getByTestId('user-card').filter({ hasText: memberEmail });
    await expect(memberCard).toContainText('Group leader');
    await expect(memberCard.getByRole('button', { name: `Change role and group of ${memberEmail}` })).toBeInViewport();
    await expect(page.getByRole('grid')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The new group leader sees the recruitment section and the users table.
    await page.context().clearCookies();
    await login(page, memberEmail, password);
    await page.goto(`/event/${event.id}/users`);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText('Recruitment').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite by e-mail' })).toHaveCount(0);
  });

  test('search and filters live in the query string: a reload shows the same list', async ({ page }) => {
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/event/1/users');
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row').filter({ hasText: DEMO.admin.email })).toBeVisible();

    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await expect(page).toHaveURL(/[?&]roleLevel=0(&|$)/);
    await page.getByRole('searchbox', { name: 'Search' }).fill('admin@funkis');
    await expect(page).toHaveURL(/[?&]search=admin%40funkis(&|$)/);
    await expect(grid.getByRole('row').filter({ hasText: DEMO.admin.email })).toBeVisible();
    await expect(grid.getByRole('row').filter({ hasText: DEMO.volunteer.email })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('admin@funkis');
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Admin');
    await expect(grid.getByRole('row').filter({ hasText: DEMO.admin.email })).toBeVisible();
    await expect(grid.getByRole('row').filter({ hasText: DEMO.volunteer.email })).toHaveCount(0);

    // A volunteer-only link: the admin is not in it.
    await page.goto('/event/1/users?roleLevel=2');
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Volunteer');
    await expect(grid.getByRole('row').filter({ hasText: DEMO.volunteer.email })).toBeVisible();
    await expect(grid.getByRole('row').filter({ hasText: DEMO.admin.email })).toHaveCount(0);
  });

  test('a volunteer gets the access-denied page', async ({ page }) => {
    await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
    await page.goto('/event/1/users');
    await expect(page.getByText('You do not have access to this page.')).toBeVisible();
    await expect(page.getByRole('grid')).toHaveCount(0);
  });
});
