import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  inviteAndAccept,
  login,
  ownAddress,
  postJson,
  settled,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures';

/** Serious and critical axe findings of the screen at a phone's and a desk's width, and no sideways scrolling. */
async function expectNoSeriousAxeViolations(page: Page, label: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(
      serious.map(
        (violation) =>
          `[${label} ${width}px] ${violation.id}: ${violation.nodes.map((node) => `${node.target} ${node.html.slice(0, 120)}`).join(' ')}`,
      ),
    ).toEqual([]);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, `[${label} ${width}px] horizontal scroll`).toBe(0);
  }
}

/** A volunteer registered in a browser context of their own. */
async function registerVolunteer(browser: Browser, firstname: string) {
  const email = uniqueEmail('cover');
  const password = 'cover-password-1';
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const registered = await context.request.post('/api/register', {
    headers: ownAddress(),
    data: { email, firstname, lastname: 'Volunteer', password },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const csrf = ((await registered.json()) as { _csrf: string })._csrf;
  return { email, password, context, csrf };
}

test.describe('asking for cover', () => {
  test.describe.configure({ timeout: 180_000 });
  test('an organiser asks from the board; a volunteer takes the shift from the notice’s link; another sees it taken', async ({
    page,
    browser,
  }) => {
    const frida = await registerVolunteer(browser, 'Frida');
    const sven = await registerVolunteer(browser, 'Sven');

    // The admin makes an event with a group, both volunteers in it, and a shift going on now with nobody on it.
    await login(page, DEMO.admin.email, DEMO.admin.password);
    const { event } = await postJson<{ event: { id: number } }>(page, '/api/events', {
      name: `Cover e2e ${Date.now()}`,
    });
    const { group } = await postJson<{ group: { id: number } }>(page, `/api/event/${event.id}/groups`, {
      name: 'Gate',
    });
    for (const person of [frida, sven]) {
      await inviteAndAccept(page, { request: person.context.request, csrf: person.csrf }, event.id, {
        email: person.email,
        roleLevel: 2,
        groupId: group.id,
      });
    }
    const now = Date.now();
    const { shift } = await postJson<{ shift: { id: number } }>(page, `/api/event/${event.id}/shifts`, {
      title: 'Gate watch',
      description: '',
      location: 'North gate',
      startsAt: new Date(now - 30 * 60_000).toISOString(),
      endsAt: new Date(now + 90 * 60_000).toISOString(),
      capacity: 1,
      groupId: group.id,
    });

    // The board: the empty place, and "Ask for cover" on its card; the toast says how many were asked.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/event/${event.id}/board`);
    const card = page.getByTestId(`board-shift-${shift.id}`);
    await expect(card.getByText('0/1 places filled')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'board with ask for cover');
    await card.getByRole('button', { name: 'Ask for cover: Gate watch' }).click();
    await expect(page.getByText('Asked 2 people to cover Gate watch.')).toBeVisible();

    // Neither volunteer has push on a device: the notice comes by e-mail, with the link to the request.
    const mail = await waitForMail(frida.email, 20_000, /\/cover-requests\/\d+/);
    const link = mail.match(/https?:\/\/[^/\s]+(\/cover-requests\/\d+)/);
    expect(link, mail).not.toBeNull();
    const coverPath = (link as RegExpMatchArray)[1];

    // Frida opens the link on her phone and takes the shift.
    const fridaPage = await frida.context.newPage();
    await fridaPage.setViewportSize({ width: 375, height: 800 });
    await login(fridaPage, frida.email, frida.password);
    await fridaPage.goto(coverPath);
    await expect(fridaPage.getByRole('heading', { level: 1, name: 'Cover requests' })).toBeVisible();
    await expect(fridaPage).toHaveTitle('Cover requests | Funkis');
    const request = fridaPage.getByRole('article', { name: 'Gate watch' });
    await expect(request).toContainText('North gate · Gate');
    await expectNoSeriousAxeViolations(fridaPage, 'cover request open');
    await fridaPage.setViewportSize({ width: 375, height: 800 });
    // By keyboard: focus the button and press Enter.
    await request.getByRole('button', { name: 'Take this shift' }).focus();
    await fridaPage.keyboard.press('Enter');
    await expect(fridaPage.getByText('Gate watch is yours.')).toBeVisible();
    await expect(request.getByText('You took it')).toBeVisible();
    await expect(request.getByRole('button', { name: 'Take this shift' })).toHaveCount(0);

    // Sven, asked too, sees it taken, with nothing to press.
    const svenPage = await sven.context.newPage();
    await login(svenPage, sven.email, sven.password);
    await svenPage.goto('/cover-requests');
    const seen = svenPage.getByRole('article', { name: 'Gate watch' });
    await expect(seen.getByText('Taken', { exact: true })).toBeVisible();
    await expect(seen.getByRole('button', { name: 'Take this shift' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(svenPage, 'cover request taken');

    // The board shows the place filled.
    await page.goto(`/event/${event.id}/board`);
    await expect(card.getByText('1/1 places filled')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Ask for cover: Gate watch' })).toHaveCount(0);

    // Someone never asked sees the empty state.
    const other = await registerVolunteer(browser, 'Olle');
    const otherPage = await other.context.newPage();
    await login(otherPage, other.email, other.password);
    await otherPage.goto('/cover-requests');
    await expect(otherPage.getByText('Nobody has asked you to cover a shift.')).toBeVisible();
    await expectNoSeriousAxeViolations(otherPage, 'cover requests empty');
    for (const person of [frida, sven, other]) await person.context.close();
  });
});
