import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, test, uniqueEmail } from './fixtures';

/**
 * The recruitment loop with the keyboard only: register, log in, apply, and an admin accepts in the
 * applications review. No clicks: focus moves with Tab (and Shift+Tab), controls act on Enter and Space, and every
 * control reached shows a visible focus indicator. The event itself is prepared through the API.
 */

/** Presses Tab until `target` has focus (at most `limit` times), then checks that the focus is visible. */
async function tabTo(page: Page, target: Locator, { limit = 40, backwards = false } = {}) {
  for (let step = 0; step < limit; step += 1) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) {
      await expectVisibleFocus(page);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab did not reach ${target}`);
}

/** The focused element shows it: an outline, a focus shadow, or MUI's focused field border / focus-visible state. */
async function expectVisibleFocus(page: Page) {
  const how = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) return 'outline';
    if (style.boxShadow && style.boxShadow !== 'none') return 'box-shadow';
    // Text fields: the outlined border turns 2 px primary; buttons, checkboxes: the focus-visible ring (theme).
    const focused = el.closest('.Mui-focused, .Mui-focusVisible') as HTMLElement | null;
    if (focused) {
      const ring = getComputedStyle(focused);
      if (ring.outlineStyle !== 'none' && Number.parseFloat(ring.outlineWidth) > 0) return 'ring';
      const border = focused.querySelector('.MuiOutlinedInput-notchedOutline');
      if (border && Number.parseFloat(getComputedStyle(border).borderWidth) >= 2) return 'field border';
    }
    return `none on ${el.outerHTML.slice(0, 120)}`;
  });
  expect(how, 'the focused element shows its focus').toMatch(/^(outline|box-shadow|ring|field border)$/);
}

async function csrf(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf'));
  if (!token) throw new Error('no CSRF token');
  return token;
}

async function keyboardLogin(page: Page, email: string, password: string) {
  await tabTo(page, page.getByLabel('Email address'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(password);
  await tabTo(page, page.getByRole('button', { name: 'Log in' }));
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/authentication'));
}

test.describe('keyboard only', () => {
  test.describe.configure({ timeout: 180_000 });

  test('register, log in, apply, and the admin accepts the application: no mouse', async ({ browser }) => {
    const baseURL = process.env.E2E_BASE_URL;
    // The admin prepares an event with applications open and a form of two questions (API, not the loop).
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await admin.goto('/authentication/login');
    await keyboardLogin(admin, DEMO.admin.email, DEMO.admin.password);
    const token = await csrf(admin);
    const headers = { 'x-csrf-token': token };
    const created = await admin.request.post('/api/events', { data: { name: `Keyboard ${Date.now()}` }, headers });
    const eventId = ((await created.json()) as { event: { id: number } }).event.id;
    const current = (await (await admin.request.get(`/api/event/${eventId}/form`)).json()) as {
      fields: unknown[];
      updatedAt: string | null;
      nextFieldNumber: number;
    };
    const next = current.nextFieldNumber;
    const saved = await admin.request.post(`/api/event/${eventId}/form`, {
      headers,
      data: {
        fields: [
          ...current.fields,
          { name: `form-field-custom-${next}`, type: 'textarea', label: 'Why do you want to help?', required: true },
          { name: `form-field-custom-${next + 1}`, type: 'checkbox', label: 'I can work nights', required: true },
        ],
        updatedAt: current.updatedAt,
      },
    });
    expect(saved.status()).toBe(200);
    const opened = await admin.request.post(`/api/event/${eventId}/applications-open`, {
      headers,
      data: { open: true },
    });
    expect(opened.status()).toBe(200);

    // 1. Register from the event's apply link.
    const email = uniqueEmail('keys');
    const password = 'keyboard-password-1';
    const registerContext = await browser.newContext({ baseURL });
    const visitor = await registerContext.newPage();
    await visitor.goto(`/event/${eventId}/apply/register`);
    await visitor.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(visitor, visitor.getByLabel('Email address'));
    await visitor.keyboard.type(email);
    await tabTo(visitor, visitor.getByLabel('Password', { exact: true }));
    await visitor.keyboard.type(password);
    await tabTo(visitor, visitor.getByLabel('Confirm password'));
    await visitor.keyboard.type(password);
    await tabTo(visitor, visitor.getByLabel('First name'));
    await visitor.keyboard.type('Kim');
    await tabTo(visitor, visitor.getByLabel('Last name'));
    await visitor.keyboard.type('Keys');
    await tabTo(visitor, visitor.getByRole('checkbox'));
    await visitor.keyboard.press('Space');
    await expect(visitor.getByRole('checkbox')).toBeChecked();
    await tabTo(visitor, visitor.getByRole('button', { name: 'Register' }));
    await visitor.keyboard.press('Enter');
    // Registering logs in and lands on the apply page.
    await expect(visitor.getByRole('form', { name: 'Application form' })).toBeVisible();
    await registerContext.close();

    // 2. Log in (another browser) on the apply link: the login page, then the form.
    const applicantContext = await browser.newContext({ baseURL });
    const applicant = await applicantContext.newPage();
    await applicant.goto(`/event/${eventId}/apply`);
    await applicant.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(applicant, applicant.getByLabel('Email address'));
    await applicant.keyboard.type(email);
    await tabTo(applicant, applicant.getByLabel('Password'));
    await applicant.keyboard.type(password);
    await tabTo(applicant, applicant.getByRole('button', { name: 'Log in' }));
    await applicant.keyboard.press('Enter');
    const form = applicant.getByRole('form', { name: 'Application form' });
    await expect(form).toBeVisible();

    // 3. Apply. An empty submit first: the errors are announced, linked to their fields, and focus goes to the first.
    const submit = form.getByRole('button', { name: 'Send application' });
    await tabTo(applicant, submit);
    await applicant.keyboard.press('Enter');
    await expect(applicant.getByTestId('form-error-announcer')).toHaveText(
      'The form has 2 errors. The first field with an error is selected.',
    );
    const why = form.getByRole('textbox', { name: 'Why do you want to help?' });
    await expect(why).toBeFocused();
    await expect(why).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await why.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');
    await expect(applicant.locator(`[id="${describedBy}"]`)).not.toHaveText('');
    await expect(form.getByRole('checkbox', { name: /I can work nights/ })).toHaveAttribute('aria-invalid', 'true');
    await applicant.keyboard.type('I like to help and I have a bike.');
    await tabTo(applicant, form.getByRole('checkbox', { name: /I can work nights/ }));
    await applicant.keyboard.press('Space');
    await tabTo(applicant, submit);
    await applicant.keyboard.press('Enter');
    // The snackbar is a polite live region.
    const toast = applicant.getByRole('status').filter({ hasText: 'Your application was sent.' });
    await expect(toast).toBeVisible();

    // 4. The admin reviews and accepts: Tab into the table, a digit sets the status, the dialog confirms.
    await admin.goto(`/event/${eventId}/applications`);
    const row = admin.getByTestId('application-row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await tabTo(admin, row, { limit: 80 });
    await admin.keyboard.press('Enter');
    const drawer = admin.getByTestId('application-drawer');
    await expect(drawer).toContainText('I like to help and I have a bike.');
    await admin.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // Focus returns to the row the drawer was opened from.
    await expect(row).toBeFocused();
    await admin.keyboard.press('3');
    const dialog = admin.getByRole('dialog', { name: 'Update applications?' });
    await expect(dialog).toBeVisible();
    await tabTo(admin, dialog.getByRole('button', { name: 'Update' }));
    await admin.keyboard.press('Enter');
    await expect(admin.getByRole('status').filter({ hasText: '1 application updated.' })).toBeVisible();

    // The applicant is now a member of the event.
    const events = await applicant.request.get('/api/events');
    const mine = ((await events.json()) as { events: { id: number; roleLevel: number | null }[] }).events.find(
      (event) => event.id === eventId,
    );
    expect(mine?.roleLevel).toBe(2);
    await applicantContext.close();
    await adminContext.close();
  });

  test('a dialog traps focus and gives it back to the button that opened it', async ({ page }) => {
    await page.goto('/authentication/login');
    await keyboardLogin(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Create event' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create event' });
    await expect(dialog).toBeVisible();
    // Focus starts in the dialog and stays there, forwards and backwards.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expectVisibleFocus(page);
  });
});
