import { expect, test, uniqueEmail, waitForMail } from './fixtures';

/**
 * The account end to end in Chromium: register, log out, log in, edit the profile, change the password, log out,
 * reset the password through the mailed link, log in, remove the account.
 */
test('an account from registration to removal', async ({ page }) => {
  const email = uniqueEmail('account');
  const first = 'Åsa';
  const passwords = ['first-pass-1', 'second-pass-2', 'third-pass-3'];

  const logIn = async (password: string) => {
    await page.goto('/authentication/login');
    await page.getByLabel(/^Email address/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/authentication\//);
  };
  const logOut = async () => {
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/authentication\/login/);
  };
  // Until the reset link below confirms the address, the account's pages carry the notice to confirm it, drawn with
  // the page (email-confirmation.spec shows that nothing moves when its button's code comes later).
  const openAccountPage = async (path: string) => {
    await page.goto(path);
    await expect(page.getByTestId('confirm-email-notice')).toBeVisible();
  };

  // Register: errors show once a field is touched, the terms box must be ticked.
  await page.goto('/authentication/register');
  await expect(page).toHaveTitle('Register | Funkis');
  await page.getByLabel(/^First name/).fill('åsa');
  await page.getByLabel(/^Last name/).click();
  await expect(page.getByText('First name is invalid.')).toBeVisible();
  await page.getByLabel(/^First name/).fill(first);
  await page.getByLabel(/^Last name/).fill('Öberg');
  await page.getByLabel(/^Email address/).fill(email);
  await page.getByLabel(/^Password/).fill(passwords[0]);
  await page.getByLabel(/^Confirm password/).fill('something-else');
  await page.getByLabel(/^Email address/).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel(/^Confirm password/).fill(passwords[0]);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('This field must be checked.')).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);

  await logOut();
  await logIn(passwords[0]);

  // Profile.
  await openAccountPage('/account');
  await page.getByLabel(/^Last name/).fill('Berg-Ström');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Last name/)).toHaveValue('Berg-Ström');

  // Password change, with the wrong current password first.
  await openAccountPage('/account/security');
  await page.getByLabel(/^Current password/).fill('not-my-password');
  await page.getByLabel(/^New password/).fill(passwords[1]);
  await page.getByLabel(/^Confirm new password/).fill(passwords[1]);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password is incorrect.').first()).toBeVisible();
  await page.getByLabel(/^Current password/).fill(passwords[0]);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await logOut();

  // Recovery through the mailed link.
  await page.goto('/authentication/password-recovery');
  await page.getByLabel(/^Email address/).fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/If an account exists for that address/)).toBeVisible();
  // The notice of the password change went to the same address first; the link is in the newer mail.
  const mail = await waitForMail(email, 15_000, /password-reset\?token=/);
  const link = /https?:\/\/[^\s]+\/authentication\/password-reset\?token=[\w-]+/.exec(mail)?.[0];
  expect(link, 'the mail carries a reset link').toBeTruthy();
  await page.goto(new URL(link as string).pathname + new URL(link as string).search);
  await page.getByLabel(/^New password/).fill(passwords[2]);
  await page.getByLabel(/^Confirm new password/).fill(passwords[2]);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been changed. You can now log in with it.')).toBeVisible();

  // The old password no longer works, the new one does.
  await page.goto('/authentication/login');
  await page.getByLabel(/^Email address/).fill(email);
  await page.getByLabel(/^Password/).fill(passwords[1]);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await logIn(passwords[2]);

  // Removal needs the word REMOVE.
  await page.goto('/account/security');
  await page
    .getByLabel(/^Password/)
    .last()
    .fill(passwords[2]);
  await page.getByLabel(/^Type REMOVE to confirm/).fill('remove');
  await page.getByRole('button', { name: 'Remove account' }).click();
  await expect(page.getByText('Type REMOVE to confirm.')).toBeVisible();
  await page.getByLabel(/^Type REMOVE to confirm/).fill('REMOVE');
  await page.getByRole('button', { name: 'Remove account' }).click();
  await expect(page.getByText('Account removed')).toBeVisible();
  await expect(page).toHaveURL(/\/authentication\/login/);

  // Gone for good.
  await page.getByLabel(/^Email address/).fill(email);
  await page.getByLabel(/^Password/).fill(passwords[2]);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
});

test('apply routes show login and register to a visitor and send a logged-in one to the apply page', async ({
  page,
}) => {
  await page.goto('/event/13/apply');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goto('/event/13/apply/register');
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await page.goto('/event/13/apply');
  await page.getByLabel(/^Email address/).fill('applicant2@funkis.local');
  await page.getByLabel(/^Password/).fill('funkis-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  // The login form is on the apply page itself, so the address says nothing yet: wait until the form is gone (the
  // session is made), or the next page is asked for as a visitor still (a run at load 12 did so).
  await expect(page.getByRole('button', { name: 'Log in' })).toBeHidden();
  await expect(page).toHaveURL(/\/event\/13\/apply$/);
  await page.goto('/event/13/apply/register');
  await expect(page).toHaveURL(/\/event\/13\/apply$/);
});

test('Swedish is offered in the picker and kept in the language cookie', async ({ page, context }) => {
  await page.goto('/authentication/login');
  await page.getByRole('button', { name: 'Change language' }).click();
  const options = page.getByRole('menuitem');
  await expect(options).toHaveCount(2);
  await page.getByRole('menuitem', { name: 'Svenska' }).click();
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'language')).toMatchObject({ value: 'sv', path: '/' });
});
