import { FEED_LIMITS } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFreshMember, type Cast, createCast } from '../events/fixtures.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import type { TestClient } from '../helpers/client.js';
import { loginAs } from '../helpers/factories.js';

/** Two admins pinning at the same moment, on PostgreSQL where requests really overlap. */
let t: TestApp;
let cast: Cast;
let secondAdmin: TestClient;
beforeAll(async () => {
  if (dialect !== 'postgres') return;
  t = await createTestApp();
  cast = await createCast(t.app, t.db, { name: 'Pin race' });
  secondAdmin = await loginAs(t.app, (await addFreshMember(t.db, cast.eventId, 0)).user);
});
afterAll(() => t?.close());

describe.runIf(dialect === 'postgres')('pinning at once on postgres', () => {
  it('lets exactly one of two pins through when one place is left, every post still in the feed', async () => {
    const path = `/api/event/${cast.eventId}/posts`;
    const admin = cast.clients.admin;
    const write = async (message: string): Promise<number> =>
      (await admin.post(path, { message })).json().post.id as number;
    for (let n = 1; n < FEED_LIMITS.PINNED_MAXIMUM; n += 1) {
      expect((await admin.post(`${path}/${await write(`Pinned ${n}`)}/pin`, { pinned: true })).statusCode).toBe(200);
    }
    let written = FEED_LIMITS.PINNED_MAXIMUM - 1;
    for (let round = 0; round < 5; round += 1) {
      const first = await write(`Round ${round} first`);
      const second = await write(`Round ${round} second`);
      written += 2;
      const answers = await Promise.all([
        admin.post(`${path}/${first}/pin`, { pinned: true }),
        secondAdmin.post(`${path}/${second}/pin`, { pinned: true }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json().errors[0].code).toBe('feed.pinnedLimit');

      const feed = (await admin.get(path)).json();
      expect(feed.pinned).toHaveLength(FEED_LIMITS.PINNED_MAXIMUM);
      const winner = answers[0].statusCode === 200 ? first : second;
      expect(feed.pinned[0].id).toBe(winner);
      // Every post is shown once, pinned or in the pages: none is hidden by a pin too many.
      const shown = new Set<number>([...feed.pinned, ...feed.posts].map((post: { id: number }) => post.id));
      let page = feed;
      while (page.hasMore) {
        page = (await admin.get(`${path}?before=${page.posts.at(-1).id}`)).json();
        for (const post of page.posts) shown.add(post.id);
      }
      expect(shown.size).toBe(written);
      // Back to one place left for the next round.
      expect((await admin.post(`${path}/${winner}/pin`, { pinned: false })).statusCode).toBe(200);
    }
  });
});
