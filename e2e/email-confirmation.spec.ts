import type { Page } from '@playwright/test';
import { confirmationPathFromMail, expect, expectNoSeriousAxeViolations, test, uniqueEmail } from './fixtures';

/**
 * Decision 020 in Chromium, with the mail from the real SMTP receiver: register → the notice → the link → confirmed;
 * then a change of address that waits for its link, with the pending state on the security screen.
 */
const PASSWORD = 'confirm-pass-1';

async function register(page: Page, email: string) {
  await page.goto('/authentication/register');
  await page.getByLabel(/^First name/).fill('Cecilia');
  await page.getByLabel(/^Last name/).fill('Confirm');
  await page.getByLabel(/^Email address/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a new account confirms its address through the mailed link, also from a browser that is not logged in', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('confirm');
  await page.setViewportSize({ width: 375, height: 800 });
  await register(page, email);

  // The notice, and the reason invitations do not show; keyboard: Tab reaches the resend button, Enter sends.
  const notice = page.getByTestId('confirm-email-notice');
  await expect(notice).toContainText('Confirm your e-mail address');
  await expect(notice).toContainText(email);
  await expect(page.getByTestId('invitations-need-confirmation')).toContainText(
    'Confirm your e-mail address to see invitations',
  );
  const firstLink = await confirmationPathFromMail(email);
  const resend = notice.getByRole('button', { name: 'Send the link again' });
  // Enabled once the button's own code is there (a disabled stand-in of its size until then).
  await expect(resend).toBeEnabled();
  await resend.focus();
  await page.keyboard.press('Enter');
  await expect(notice.getByRole('status')).toHaveText(`A new link is on its way to ${email}.`);
  await expectNoSeriousAxeViolations(page);
  const hasHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(hasHorizontalScroll).toBe(false);

  // The newest link works (the first one was replaced by the resend); it is opened in another, logged-out browser.
  await expect.poll(async () => confirmationPathFromMail(email)).not.toBe(firstLink);
  const link = await confirmationPathFromMail(email);
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? process.env.E2E_BASE_URL });
  const other = await elsewhere.newPage();
  await other.goto(firstLink);
  await expect(other.getByTestId('form-errors')).toContainText('The link is invalid or has expired.');
  await other.goto(link);
  await expect(other).toHaveTitle('Confirm e-mail address | Funkis');
  await expect(other.getByText(`The address ${email} is confirmed. Thank you!`)).toBeVisible();
  await expectNoSeriousAxeViolations(other);
  await other.getByRole('link', { name: 'Go to login' }).click();
  await expect(other).toHaveURL(/\/authentication\/login/);
  await elsewhere.close();

  // Used once: opening it again says so. Back in the account's own browser, the notice is gone.
  await page.goto(link);
  await expect(page.getByTestId('form-errors')).toContainText('The link is invalid or has expired.');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('confirm-email-notice')).toHaveCount(0);
  await expect(page.getByTestId('invitations-need-confirmation')).toHaveCount(0);
});

test('a change of address waits for the link mailed to the new address', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('mover');
  const newEmail = uniqueEmail('moved');
  await register(page, email);
  await page.goto(await confirmationPathFromMail(email));
  await expect(page.getByText(`The address ${email} is confirmed.`)).toBeVisible();

  await page.goto('/account/security');
  await page.getByLabel(/^New e-mail address/).fill(newEmail);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill(PASSWORD);
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(
    page.getByText(`Check ${newEmail}: the address changes when you open the link we sent there`),
  ).toBeVisible();
  const pending = page.getByTestId('pending-email');
  await expect(pending).toContainText(`Waiting for confirmation at ${newEmail}`);
  await expect(page.getByText(`Current address: ${email}`)).toBeVisible();
  await pending.getByRole('button', { name: 'Send the link again' }).click();
  await expect(pending.getByRole('status')).toHaveText(`A new link is on its way to ${newEmail}.`);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousAxeViolations(page);

  // The link in the account's own browser: the change is made and the snackbar says so.
  await page.goto(await confirmationPathFromMail(newEmail));
  await expect(page.getByText(`The address ${newEmail} is confirmed. Thank you!`)).toBeVisible();
  await expect(page.getByText('Email updated')).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await page.goto('/account/security');
  await expect(page.getByText(`Current address: ${newEmail}`)).toBeVisible();
  await expect(page.getByTestId('pending-email')).toHaveCount(0);
});

test('the notice comes with the page: nothing moves when the code of its button arrives', async ({ page }) => {
  test.setTimeout(60_000);
  await register(page, uniqueEmail('steady'));

  // The button's code is held back on the next load of the page; the notice must be there without it, with a
  // disabled stand-in of the button's size, so nothing the user is about to tap moves down when the code comes.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/assets\/resend-confirmation-button-[^/]*\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('confirm-email-notice')).toContainText('Confirm your e-mail address');
  await expect(page.getByTestId('resend-confirmation-placeholder')).toBeDisabled();
  await expect.poll(() => asked).toBe(true);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const before = await heading.boundingBox();

  release();
  await expect(page.getByTestId('resend-confirmation')).toBeEnabled();
  await expect(page.getByTestId('resend-confirmation-placeholder')).toHaveCount(0);
  expect(await heading.boundingBox()).toEqual(before);
});
