import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import {
  DEMO,
  expect,
  inviteAndAccept,
  login,
  ownAddress,
  postJson,
  reportCspViolations,
  test,
  uniqueEmail,
} from './fixtures';

/**
 * A Y4M video (YUV4MPEG2, 4:2:0) of `frames` identical frames: the QR code of `text`, black on white with a quiet
 * zone of four modules, as large as the picture allows. Chromium plays it as the camera
 * (`--use-file-for-fake-video-capture`), looping.
 */
function qrVideo(text: string, { width = 640, height = 480, frames = 5 } = {}): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quietZone = 4;
  const side = modules.size + 2 * quietZone;
  const scale = Math.floor((Math.min(width, height) * 0.9) / side);
  if (scale < 2) throw new Error(`the code of ${text.length} characters does not fit in ${width}x${height}`);
  const left = Math.floor((width - side * scale) / 2);
  const top = Math.floor((height - side * scale) / 2);
  // Luma (studio range): white everywhere, the dark modules black. Chroma: no colour.
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      const y0 = top + (row + quietZone) * scale;
      const x0 = left + (column + quietZone) * scale;
      for (let y = y0; y < y0 + scale; y += 1) luma.fill(16, y * width + x0, y * width + x0 + scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

test.describe('the check-in scanner with a camera', () => {
  test.describe.configure({ timeout: 120_000 });

  test("the admin points the camera at a member's code: their card opens and their arrival is recorded", async ({
    page,
    browser,
    playwright,
    launchOptions,
  }, testInfo) => {
    // A member of a new event, who registered in a browser context of their own.
    const email = uniqueEmail('camera');
    const memberContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const registered = await memberContext.request.post('/api/register', {
      headers: ownAddress(),
      data: { email, firstname: 'Carla', lastname: 'Camera', password: 'camera-password-1' },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const { _csrf: memberCsrf } = (await registered.json()) as { _csrf: string };
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event } = await postJson<{ event: { id: number } }>(page, '/api/events', {
      name: `Camera e2e ${Date.now()}`,
    });
    await inviteAndAccept(page, { request: memberContext.request, csrf: memberCsrf }, event.id, {
      email,
      roleLevel: 2,
      groupId: null,
    });
    const member = memberContext.request;
    const { eventUser } = (await (await member.get(`/api/event/${event.id}`)).json()) as { eventUser: { id: number } };
    const { code } = (await (await member.get(`/api/event/${event.id}/my-code`)).json()) as { code: string };
    await memberContext.close();

    // The camera films that code: a browser of its own, started with the video as its camera.
    const videoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'funkis-camera-'));
    const video = path.join(videoDir, 'code.y4m');
    fs.writeFileSync(video, qrVideo(code));
    const cameraBrowser = await playwright.chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await cameraBrowser.newContext({
        baseURL: process.env.E2E_BASE_URL,
        permissions: ['camera'],
        serviceWorkers: 'block',
      });
      await reportCspViolations(context);
      const admin = await context.newPage();
      await login(admin, DEMO.admin.email, DEMO.admin.password);
      await admin.goto(`/event/${event.id}/check-in`);
      await expect(admin.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
      // Headless Chromium on Linux has no BarcodeDetector: the frames are then read by jsQR, the fallback.
      const hasBarcodeDetector = await admin.evaluate(() => 'BarcodeDetector' in window);
      testInfo.annotations.push({ type: 'decoder', description: hasBarcodeDetector ? 'BarcodeDetector' : 'jsQR' });
      await admin.getByRole('button', { name: 'Scan a code' }).click();

      // The scanner reads a frame, stops the camera and shows the person (or says the camera did not open).
      const card = admin.getByTestId('person-card');
      const cameraProblem = admin.getByRole('alert').filter({ hasText: 'camera' });
      await expect(card.getByRole('heading', { name: 'Carla Camera' }).or(cameraProblem)).toBeVisible({
        timeout: 30_000,
      });
      await expect(cameraProblem).toHaveCount(0);
      await expect(card.getByRole('heading', { name: 'Carla Camera' })).toBeVisible();
      await expect(admin.getByRole('button', { name: 'Scan a code' })).toBeVisible();
      await expect(card.getByText('Not on site')).toBeVisible();
      await card.getByRole('button', { name: 'Arrived at the event' }).click();
      await expect(admin.getByTestId('check-in-result')).toContainText('Carla Camera arrived at the event.');

      // The server has it: the member is on site.
      await expect
        .poll(async () => {
          const answer = await admin.request.get(`/api/event/${event.id}/check-ins/person?eventUserId=${eventUser.id}`);
          return ((await answer.json()) as { person: { onSite: boolean } }).person.onSite;
        })
        .toBe(true);
      await context.close();
    } catch (error) {
      // The fixture's screenshot shows its own page: this browser's, and its video's state, tell what went wrong.
      const [shown] = cameraBrowser.contexts().flatMap((context) => context.pages());
      if (shown) {
        await shown.screenshot({ path: testInfo.outputPath('camera-page.png') });
        const videoState = await shown.evaluate(() => {
          const element = document.querySelector('video');
          if (!element) return 'no video element';
          const { readyState, videoWidth, videoHeight, paused, srcObject } = element;
          return JSON.stringify({ readyState, videoWidth, videoHeight, paused, hasStream: srcObject !== null });
        });
        await testInfo.attach('camera video', { body: videoState, contentType: 'text/plain' });
      }
      throw error;
    } finally {
      await cameraBrowser.close();
      fs.rmSync(videoDir, { recursive: true, force: true });
    }
  });
});
