import { DEMO, expect, expectNoSeriousAxeViolations, login, test } from './fixtures';

/**
 * The feed and the files in a real browser: the admin posts, the volunteer comments and the admin sees it without a reload;
 * user markup shows as text; the admin uploads two files (one for admins only) with progress shown; the
 * volunteer sees and downloads one and gets a 404 for the other. Both screens pass axe at desktop and 375 px.
 */
const EVENT = 1;
const stamp = Date.now().toString(36);
const welcome = `Welcome to the festival ${stamp}`;
const markup = `<img src=x onerror=alert(1)> ${stamp}`;
const publicName = `crew-guide-${stamp}.txt`;
const secretName = `budget-${stamp}.pdf`;
const PDF = Buffer.from(`%PDF-1.4\n${'%'.repeat(200_000)}\n%%EOF\n`);

test.describe
  .serial('feed and files', () => {
    let secretFileId = 0;
    let publicFileId = 0;

    test('an admin posts, uploads two files (one for admins only) with progress shown', async ({ page }) => {
      await login(page, DEMO.admin.email, DEMO.admin.password);
      await page.goto(`/event/${EVENT}`);
      await page.getByRole('textbox', { name: 'Write a post' }).fill(welcome);
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(page.getByRole('article').filter({ hasText: welcome })).toBeVisible();
      await page.getByRole('textbox', { name: 'Write a post' }).fill(markup);
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(page.getByRole('article').filter({ hasText: markup })).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('navigation', { name: 'Event menu' }).getByRole('link', { name: 'Files' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible();
      await expect(page.getByTestId('files-usage')).toBeVisible();

      const input = page.getByTestId('file-input');
      const firstUpload = page.waitForResponse(
        (r) => r.url().endsWith(`/api/event/${EVENT}/files`) && r.request().method() === 'POST',
      );
      await input.setInputFiles({
        name: publicName,
        mimeType: 'text/plain',
        buffer: Buffer.from('Meet at the gate at 8.\n'),
      });
      publicFileId = (await (await firstUpload).json()).file.id;

      await page.getByRole('checkbox', { name: 'Group leaders' }).uncheck();
      await page.getByRole('checkbox', { name: 'Volunteers' }).uncheck();
      const secondUpload = page.waitForResponse(
        (r) => r.url().endsWith(`/api/event/${EVENT}/files`) && r.request().method() === 'POST',
      );
      await input.setInputFiles({ name: secretName, mimeType: 'application/pdf', buffer: PDF });
      const second = await secondUpload;
      expect(second.status()).toBe(201);
      secretFileId = (await second.json()).file.id;

      const rows = page.getByTestId('upload-row');
      await expect(rows).toHaveCount(2);
      for (const name of [publicName, secretName]) {
        const row = rows.filter({ hasText: name });
        await expect(row).toContainText('uploaded');
        await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      }
      const list = page.getByRole('list', { name: 'Files' });
      await expect(list.getByText(publicName)).toBeVisible();
      await expect(list.getByText(secretName)).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });

    test('a volunteer comments, sees markup as text, downloads the shared file and gets 404 for the other', async ({
      page,
      browser,
    }) => {
      // The admin keeps the feed open: the volunteer's comment must appear there without a reload.
      const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      const adminPage = await adminContext.newPage();
      await login(adminPage, DEMO.admin.email, DEMO.admin.password);
      await adminPage.goto(`/event/${EVENT}`);
      await expect(adminPage.getByRole('article').filter({ hasText: welcome })).toBeVisible();

      let dialogs = 0;
      page.on('dialog', (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
      await page.goto(`/event/${EVENT}`);
      const post = page.getByRole('article').filter({ hasText: welcome });
      await expect(post).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Write a post' })).toHaveCount(0);
      const comment = `Looking forward to it ${stamp}`;
      await post.getByRole('textbox', { name: 'Write a comment' }).fill(comment);
      await post.getByRole('button', { name: 'Comment' }).click();
      await expect(post.getByTestId('comment').filter({ hasText: comment })).toBeVisible();

      // The markup post is its text, not an element.
      await expect(page.getByText(markup)).toBeVisible();
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
      expect(dialogs).toBe(0);

      await expect(adminPage.getByRole('article').filter({ hasText: welcome }).getByText(comment)).toBeVisible({
        timeout: 25_000,
      });
      await adminContext.close();

      // The author edits their comment; it is marked edited.
      const ownComment = post.getByTestId('comment').last();
      await expect(ownComment).toContainText(comment);
      await ownComment.getByRole('button', { name: 'Edit comment' }).click();
      await ownComment.getByRole('textbox', { name: 'Edit the comment' }).fill(`${comment} (see you there)`);
      await ownComment.getByRole('button', { name: 'Save' }).click();
      await expect(post.getByTestId('comment').filter({ hasText: '(see you there)' })).toContainText('edited');

      await page.getByRole('navigation', { name: 'Event menu' }).getByRole('link', { name: 'Files' }).click();
      const list = page.getByRole('list', { name: 'Files' });
      await expect(list.getByText(publicName)).toBeVisible();
      await expect(list.getByText(secretName)).toHaveCount(0);
      await expect(page.getByTestId('file-input')).toHaveCount(0);
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: `Download ${publicName}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(publicName);

      const refused = await page.request.get(`/api/event/${EVENT}/files/${secretFileId}/download`);
      expect(refused.status()).toBe(404);
      const allowed = await page.request.get(`/api/event/${EVENT}/files/${publicFileId}/download`);
      expect(allowed.status()).toBe(200);
      expect(allowed.headers()['content-disposition']).toMatch(/^attachment;/);
      await expectNoSeriousAxeViolations(page);
    });

    test('feed cards stack and the files list works at 375 px', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await login(page, DEMO.volunteer.email, DEMO.volunteer.password);
      await page.goto(`/event/${EVENT}`);
      await expect(page.getByRole('heading', { name: 'Event contacts' })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await expectNoSeriousAxeViolations(page);
      await page.goto(`/event/${EVENT}/files`);
      await expect(page.getByRole('list', { name: 'Files' }).getByText(publicName)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoSeriousAxeViolations(page);
    });
  });
