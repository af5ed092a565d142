import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  invalidateAccountChange,
  invalidateCheckInChange,
  invalidateEventChange,
  invalidateFeedChange,
  invalidateFileChange,
  invalidateGroupChange,
  invalidateMailChange,
  invalidateMemberChange,
  invalidateShiftChange,
} from '../src/api/invalidate';
import {
  accessKeys,
  applicationKeys,
  applyKeys,
  auditKeys,
  eventDayKeys,
  eventKeys,
  feedKeys,
  fileKeys,
  formKeys,
  groupKeys,
  mailKeys,
  memberKeys,
  shiftKeys,
} from '../src/lib/query-keys';

/** A cache holding one entry of every resource of event 7 (and the users table of event 8). */
function filledCache() {
  const queryClient = new QueryClient();
  const keys = {
    event: eventKeys.detail(7),
    events: eventKeys.list(),
    groups: groupKeys.list(7),
    users: memberKeys.list(7, { page: 1 }),
    otherUsers: memberKeys.list(8, { page: 1 }),
    access: accessKeys.all(7),
    audit: auditKeys.page(7, 1, 10),
    applications: applicationKeys.list(7, { page: 1 }),
    application: applicationKeys.detail(7, 1),
    answers: applicationKeys.answers(7, 1),
    form: formKeys.detail(7),
    apply: applyKeys.page(7),
    shifts: shiftKeys.list(7, { from: 'a' }),
    shiftSettings: shiftKeys.settings(7),
    files: fileKeys.all(7),
    mails: mailKeys.lists(7),
    labels: mailKeys.labels(7),
    posts: feedKeys.posts(7),
    links: feedKeys.links(7),
    contacts: feedKeys.contacts(7),
    person: eventDayKeys.person(7, { code: 'abc' }),
    otherPerson: eventDayKeys.person(8, { code: 'abc' }),
    board: eventDayKeys.board(7, { groupId: null }),
    myCode: eventDayKeys.myCode(7),
    search: eventDayKeys.search(7, 'an'),
    hours: shiftKeys.list(7, { kind: 'hours', page: 1, pageSize: 25 }),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { queryClient, stale };
}

describe('invalidation helpers', () => {
  it('a new group refreshes the group lists (control panel, users filter, applications review) and the audit log', async () => {
    const { queryClient, stale } = filledCache();
    await invalidateGroupChange(queryClient, 7, { affectsMembers: false });
    expect(stale()).toEqual(['audit', 'groups']);
  });

  it('a renamed or deleted group also refreshes members, access, applications and the own membership', async () => {
    const { queryClient, stale } = filledCache();
    await invalidateGroupChange(queryClient, 7, { affectsMembers: true });
    expect(stale()).toEqual(
      ['access', 'answers', 'application', 'applications', 'audit', 'event', 'groups', 'users'].sort(),
    );
  });

  it('a membership change refreshes the users table, access lists, group counts and audit log of that event', async () => {
    const { queryClient, stale } = filledCache();
    await invalidateMemberChange(queryClient, 7);
    expect(stale()).toEqual(['access', 'audit', 'groups', 'users']);
  });

  it('an event change refreshes the event, the home list, the apply page, the audit log and the applications', async () => {
    const { queryClient, stale } = filledCache();
    await invalidateEventChange(queryClient, 7);
    expect(stale()).toEqual(['answers', 'application', 'applications', 'apply', 'audit', 'event', 'events']);
  });

  it("an account change (name, e-mail, avatar) refreshes every event's members, access, applications and audit", async () => {
    const { queryClient, stale } = filledCache();
    await invalidateAccountChange(queryClient);
    expect(stale()).toEqual(
      ['access', 'answers', 'application', 'applications', 'audit', 'otherUsers', 'users'].sort(),
    );
  });

  it("a check-in (recorded, sent from the phone or undone) refreshes the person's card, the board, the shifts' attendance and hours, and the log", async () => {
    const { queryClient, stale } = filledCache();
    await invalidateCheckInChange(queryClient, 7);
    // Not the caller's own code nor the name search (neither shows whether someone is on site), nor another event.
    expect(stale()).toEqual(['audit', 'board', 'hours', 'person', 'shifts']);
  });

  it('shifts, files, mail and the feed each refresh their own lists and the audit log (the server logs every change)', async () => {
    let cache = filledCache();
    await invalidateShiftChange(cache.queryClient, 7);
    expect(cache.stale()).toEqual(['audit', 'hours', 'shifts']);
    cache = filledCache();
    await invalidateFileChange(cache.queryClient, 7);
    expect(cache.stale()).toEqual(['audit', 'files']);
    cache = filledCache();
    await invalidateMailChange(cache.queryClient, 7, { lists: true, labels: true });
    expect(cache.stale()).toEqual(['audit', 'labels', 'mails']);
    cache = filledCache();
    await invalidateFeedChange(cache.queryClient, 7, 'posts');
    expect(cache.stale()).toEqual(['audit', 'posts']);
    cache = filledCache();
    await invalidateFeedChange(cache.queryClient, 7, 'links');
    expect(cache.stale()).toEqual(['audit', 'links']);
  });
});
