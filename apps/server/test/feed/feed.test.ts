import { FEED_LIMITS } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, type Cast, createCast } from '../events/fixtures.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';

let t: TestApp;
let cast: Cast;
let other: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, t.db, { name: 'Feed event' });
  other = await createCast(t.app, t.db, { name: 'Other event' });
});
afterAll(() => t.close());

const e = () => `/api/event/${cast.eventId}`;
const messagesOf = (body: { posts: { message: string }[] }) => body.posts.map((post) => post.message);

describe(`feed posts and comments on ${dialect}`, () => {
  it('lets admins and group leaders post, refuses volunteers (403), outsiders (403) and a missing CSRF token (403)', async () => {
    const admin = await cast.clients.admin.post(`${e()}/posts`, { message: 'Welcome, everyone!' });
    expect(admin.statusCode).toBe(201);
    expect(admin.json()).toMatchObject({
      success: true,
      post: { message: 'Welcome, everyone!', pinned: false, group: null, comments: [] },
    });
    expect(admin.json().post.author).toMatchObject({ firstname: 'Ada', lastname: 'Admin' });
    expect((await cast.clients.leaderA.post(`${e()}/posts`, { message: 'Leaders here' })).statusCode).toBe(201);
    expect((await cast.clients.volunteer.post(`${e()}/posts`, { message: 'Me too' })).statusCode).toBe(403);
    expect((await cast.clients.nonMember.post(`${e()}/posts`, { message: 'Outsider' })).statusCode).toBe(403);
    expect((await cast.clients.anonymous.post(`${e()}/posts`, { message: 'Anon' })).statusCode).toBe(401);
    const noCsrf = await cast.clients.admin.request('POST', `${e()}/posts`, { message: 'x' }, { csrf: null });
    expect(noCsrf.statusCode).toBe(403);
    expect((await cast.clients.nonMember.get(`${e()}/posts`)).statusCode).toBe(403);
    const audit = await auditOf(t.db, cast.eventId);
    expect(audit.filter((entry) => entry.action === 'post.created')).toHaveLength(2);
  });

  it('lets every member comment; the volunteer sees the comment under the post', async () => {
    const post = (await cast.clients.admin.post(`${e()}/posts`, { message: 'Comment on me' })).json().post;
    const comment = await cast.clients.volunteer.post(`${e()}/posts/${post.id}/comments`, { message: 'Done!' });
    expect(comment.statusCode).toBe(201);
    expect(comment.json().comment).toMatchObject({ postId: post.id, message: 'Done!', canEdit: true, canDelete: true });
    const feed = (await cast.clients.volunteer.get(`${e()}/posts`)).json();
    const seen = feed.posts.find((p: { id: number }) => p.id === post.id);
    expect(seen.comments.map((c: { message: string }) => c.message)).toEqual(['Done!']);
    expect(seen).toMatchObject({ canEdit: false, canDelete: false, canPin: false });
    expect((await cast.clients.nonMember.post(`${e()}/posts/${post.id}/comments`, { message: 'no' })).statusCode).toBe(
      403,
    );
    // A post of another event is not found under this one.
    const theirs = (await other.clients.admin.post(`/api/event/${other.eventId}/posts`, { message: 'Theirs' })).json()
      .post;
    expect((await cast.clients.admin.post(`${e()}/posts/${theirs.id}/comments`, { message: 'x' })).statusCode).toBe(
      404,
    );
    expect((await cast.clients.admin.delete(`${e()}/posts/${theirs.id}`)).statusCode).toBe(404);
  });

  it('edits by the author only (with the edited mark), deletes by the author or an admin', async () => {
    const post = (await cast.clients.leaderA.post(`${e()}/posts`, { message: 'First version' })).json().post;
    expect(post.editedAt).toBeNull();
    expect((await cast.clients.admin.post(`${e()}/posts/${post.id}`, { message: 'Admin edit' })).statusCode).toBe(403);
    const edited = await cast.clients.leaderA.post(`${e()}/posts/${post.id}`, { message: 'Second version' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().post.message).toBe('Second version');
    expect(edited.json().post.editedAt).not.toBeNull();

    const comment = (await cast.clients.volunteer.post(`${e()}/posts/${post.id}/comments`, { message: 'Hi' })).json()
      .comment;
    const path = `${e()}/posts/${post.id}/comments/${comment.id}`;
    expect((await cast.clients.leaderA.post(path, { message: 'Hijack' })).statusCode).toBe(403);
    expect((await cast.clients.leaderA.delete(path)).statusCode).toBe(403);
    const editedComment = await cast.clients.volunteer.post(path, { message: 'Hi again' });
    expect(editedComment.json().comment).toMatchObject({ message: 'Hi again' });
    expect(editedComment.json().comment.editedAt).not.toBeNull();
    expect((await cast.clients.admin.delete(path)).statusCode).toBe(200);

    expect((await cast.clients.leaderB.delete(`${e()}/posts/${post.id}`)).statusCode).toBe(403);
    expect((await cast.clients.admin.delete(`${e()}/posts/${post.id}`)).statusCode).toBe(200);
    expect((await cast.clients.leaderA.delete(`${e()}/posts/${post.id}`)).statusCode).toBe(404);
    const actions = (await auditOf(t.db, cast.eventId)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['post.edited', 'comment.edited', 'comment.deleted', 'post.deleted']),
    );
  });

  it('shows a post for one group to that group, the admins and its author only; others get 404', async () => {
    const post = (
      await cast.clients.admin.post(`${e()}/posts`, { message: 'Group A only', groupId: cast.groupA.id })
    ).json().post;
    expect(post.group).toEqual({ id: cast.groupA.id, name: 'Group A' });
    const sees = async (client: Cast['clients']['admin']) =>
      messagesOf((await client.get(`${e()}/posts`)).json()).includes('Group A only');
    expect(await sees(cast.clients.admin)).toBe(true);
    expect(await sees(cast.clients.leaderA)).toBe(true);
    expect(await sees(cast.clients.volunteer)).toBe(true);
    expect(await sees(cast.clients.leaderB)).toBe(false);
    expect((await cast.clients.leaderB.post(`${e()}/posts/${post.id}/comments`, { message: 'peek' })).statusCode).toBe(
      404,
    );
    // A leader addresses only their own group; a group of another event is not found.
    expect(
      (await cast.clients.leaderB.post(`${e()}/posts`, { message: 'x', groupId: cast.groupA.id })).statusCode,
    ).toBe(403);
    expect(
      (await cast.clients.leaderB.post(`${e()}/posts`, { message: 'B', groupId: cast.groupB.id })).statusCode,
    ).toBe(201);
    expect((await cast.clients.admin.post(`${e()}/posts`, { message: 'x', groupId: other.groupA.id })).statusCode).toBe(
      404,
    );
  });

  it('pins (admin only) on top, pages newest first with before=', async () => {
    const fresh = await createCast(t.app, t.db, { name: 'Paging event' });
    const path = `/api/event/${fresh.eventId}/posts`;
    const ids: number[] = [];
    for (let n = 1; n <= FEED_LIMITS.PAGE_SIZE + 5; n += 1) {
      ids.push((await fresh.clients.admin.post(path, { message: `Post ${n}` })).json().post.id);
    }
    const first = (await fresh.clients.volunteer.get(path)).json();
    expect(first.posts).toHaveLength(FEED_LIMITS.PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.posts[0].message).toBe(`Post ${FEED_LIMITS.PAGE_SIZE + 5}`);
    const last = first.posts.at(-1).id;
    const second = (await fresh.clients.volunteer.get(`${path}?before=${last}`)).json();
    expect(messagesOf(second)).toEqual(['Post 5', 'Post 4', 'Post 3', 'Post 2', 'Post 1']);
    expect(second.hasMore).toBe(false);
    expect(second.pinned).toEqual([]);

    expect((await fresh.clients.leaderA.post(`${path}/${ids[0]}/pin`, { pinned: true })).statusCode).toBe(403);
    const pinned = await fresh.clients.admin.post(`${path}/${ids[0]}/pin`, { pinned: true });
    expect(pinned.json().post.pinned).toBe(true);
    const withPin = (await fresh.clients.volunteer.get(path)).json();
    expect(messagesOf({ posts: withPin.pinned })).toEqual(['Post 1']);
    expect(messagesOf(withPin)).not.toContain('Post 1');
    expect((await fresh.clients.admin.post(`${path}/${ids[0]}/pin`, { pinned: false })).json().post.pinned).toBe(false);
    // Ids beyond the integer bound are refused at the schema on both databases.
    expect((await fresh.clients.volunteer.get(`${path}?before=2147483648`)).statusCode).toBe(400);
    expect((await fresh.clients.admin.delete(`${path}/2147483648`)).statusCode).toBe(400);
  });

  it('refuses a pin beyond the most pinned posts an event may have (409), so no post vanishes from the feed', async () => {
    const fresh = await createCast(t.app, t.db, { name: 'Pinning event' });
    const path = `/api/event/${fresh.eventId}/posts`;
    const admin = fresh.clients.admin;
    const ids: number[] = [];
    for (let n = 1; n <= FEED_LIMITS.PINNED_MAXIMUM + 1; n += 1) {
      // Some pinned posts are for group B only: they count whoever can see them.
      const groupId = n % 5 === 0 ? fresh.groupB.id : null;
      ids.push((await admin.post(path, { message: `Post ${n}`, groupId })).json().post.id);
    }
    const pinnedIds = ids.slice(0, FEED_LIMITS.PINNED_MAXIMUM);
    const extra = ids[FEED_LIMITS.PINNED_MAXIMUM];
    for (const id of pinnedIds) {
      const pinned = await admin.post(`${path}/${id}/pin`, { pinned: true });
      expect(pinned.statusCode, pinned.body).toBe(200);
      expect(pinned.json().post.pinned).toBe(true);
    }
    const pinnedNow = async () => ((await admin.get(path)).json().pinned as { id: number }[]).map((post) => post.id);
    const pinnedAudit = async () =>
      (await auditOf(t.db, fresh.eventId, fresh.auditMark)).filter((entry) => entry.action === 'post.pinned').length;
    const before = await pinnedNow();
    expect([...before].sort((a, b) => a - b)).toEqual(pinnedIds);

    const refused = await admin.post(`${path}/${extra}/pin`, { pinned: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([{ code: 'feed.pinnedLimit', params: { max: FEED_LIMITS.PINNED_MAXIMUM } }]);
    expect(refused.json().errorMessages).toEqual([
      `At most ${FEED_LIMITS.PINNED_MAXIMUM} posts can be pinned. Unpin one first.`,
    ]);
    // Nothing changed: the same pinned posts, the refused one still in the pages, no audit entry.
    expect(await pinnedNow()).toEqual(before);
    const feed = (await admin.get(path)).json();
    expect(feed.posts.map((post: { id: number }) => post.id)).toEqual([extra]);
    expect(feed.posts[0].pinned).toBe(false);
    expect(await pinnedAudit()).toBe(FEED_LIMITS.PINNED_MAXIMUM);

    // Pinning a post that is pinned already is no new pin: 200, nothing changes.
    const again = await admin.post(`${path}/${pinnedIds[3]}/pin`, { pinned: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().post.pinned).toBe(true);
    expect(await pinnedNow()).toEqual(before);
    expect(await pinnedAudit()).toBe(FEED_LIMITS.PINNED_MAXIMUM);

    // Unpinning one makes room for another.
    const unpinned = await admin.post(`${path}/${pinnedIds[0]}/pin`, { pinned: false });
    expect(unpinned.statusCode).toBe(200);
    const room = await admin.post(`${path}/${extra}/pin`, { pinned: true });
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json().post.pinned).toBe(true);
    const after = (await admin.get(path)).json();
    expect(after.pinned[0].id).toBe(extra);
    expect(after.pinned).toHaveLength(FEED_LIMITS.PINNED_MAXIMUM);
    expect(after.posts.map((post: { id: number }) => post.id)).toEqual([pinnedIds[0]]);
    expect((await admin.post(`${path}/${pinnedIds[0]}/pin`, { pinned: true })).statusCode).toBe(409);
  });

  it('refuses posts over 5,000 and comments over 2,000 characters, blank and NUL text, in both languages', async () => {
    const long = await cast.clients.admin.post(`${e()}/posts`, { message: 'x'.repeat(FEED_LIMITS.POST_MAXIMUM + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toMatchObject({ code: 'feed.postTooLong', params: { max: 5000 }, field: 'message' });
    expect(long.json().errorMessages).toEqual(['A post cannot be longer than 5000 characters.']);
    expect(
      (await cast.clients.admin.post(`${e()}/posts`, { message: 'x'.repeat(FEED_LIMITS.POST_MAXIMUM) })).statusCode,
    ).toBe(201);
    const post = (await cast.clients.admin.post(`${e()}/posts`, { message: 'Short' })).json().post;
    const comment = await cast.clients.volunteer.post(`${e()}/posts/${post.id}/comments`, {
      message: 'y'.repeat(FEED_LIMITS.COMMENT_MAXIMUM + 1),
    });
    expect(comment.statusCode).toBe(400);
    expect(comment.json().errors[0]).toMatchObject({ code: 'feed.commentTooLong', params: { max: 2000 } });
    for (const message of ['\u200b\u200b ', 'a\u0000b', '']) {
      expect((await cast.clients.admin.post(`${e()}/posts`, { message })).statusCode).toBe(400);
    }
  });

  it('keeps markup as the text it is', async () => {
    const text = '<img src=x onerror=alert(1)>\nline two';
    const post = (await cast.clients.admin.post(`${e()}/posts`, { message: text })).json().post;
    expect(post.message).toBe(text);
  });
});

describe(`contacts and links on ${dialect}`, () => {
  it('lists admins and group leaders with e-mail and group to every member', async () => {
    const response = await cast.clients.volunteer.get(`${e()}/contacts`);
    expect(response.statusCode).toBe(200);
    const contacts = response.json().contacts as { email: string; roleLevel: number; group: unknown }[];
    expect(contacts.map((c) => c.email).sort()).toEqual(
      [cast.users.admin.email, cast.users.leaderA.email, cast.users.leaderB.email].sort(),
    );
    expect(contacts.find((c) => c.email === cast.users.leaderA.email)).toMatchObject({
      roleLevel: 1,
      group: { id: cast.groupA.id, name: 'Group A' },
    });
    expect((await cast.clients.nonMember.get(`${e()}/contacts`)).statusCode).toBe(403);
  });

  it('lets admins add and remove http(s) links only', async () => {
    const added = await cast.clients.admin.post(`${e()}/links`, { title: 'Map', url: 'https://example.org/map' });
    expect(added.statusCode).toBe(201);
    const link = added.json().link;
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.org',
      'example.org',
      'http://',
    ]) {
      const refused = await cast.clients.admin.post(`${e()}/links`, { title: 'Bad', url });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ code: 'feed.linkUrlInvalid', field: 'url' });
    }
    expect((await cast.clients.leaderA.post(`${e()}/links`, { title: 'x', url: 'https://x.org' })).statusCode).toBe(
      403,
    );
    expect((await cast.clients.volunteer.get(`${e()}/links`)).json().links).toEqual([link]);
    expect((await cast.clients.leaderA.delete(`${e()}/links/${link.id}`)).statusCode).toBe(403);
    expect(
      (await cast.clients.admin.request('DELETE', `${e()}/links/${link.id}`, undefined, { csrf: null })).statusCode,
    ).toBe(403);
    expect((await other.clients.admin.delete(`/api/event/${other.eventId}/links/${link.id}`)).statusCode).toBe(404);
    expect((await cast.clients.admin.delete(`${e()}/links/${link.id}`)).statusCode).toBe(200);
    expect((await cast.clients.volunteer.get(`${e()}/links`)).json().links).toEqual([]);
    const actions = (await auditOf(t.db, cast.eventId)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['link.created', 'link.deleted']));
  });
});
