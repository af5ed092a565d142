import type { AuditEntryView, EventDetail } from '@funkis/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../src/lib/i18n';
import { mockFetch, renderApp, testUser } from './test-utils';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const detail: EventDetail = {
  event: {
    id: 5,
    name: 'Summer festival',
    description: '',
    avatarUrl: null,
    status: 'ongoing',
    applicationsOpen: false,
    useWeekSeparation: false,
    weekSeparationConfig: null,
    startsAt: null,
    endsAt: null,
    timeZone: 'Europe/Stockholm',
  },
  eventUser: { id: 9, userId: testUser.id, role: { eventRole: { roleLevel: 0 }, eventGroup: null } },
  eventForm: { fields: [] },
};

const ada = { id: 1, firstname: 'Ada', lastname: 'Berg' };
const at = '2026-07-03T10:00:00.000Z';
const none = { target: null, person: null, count: null };

const entries: AuditEntryView[] = [
  {
    id: 40,
    action: 'applications.updated',
    subject: 'event:5',
    details: { count: 50, ids: [], status: 'accepted', groupId: 3, groupName: 'Bar' },
    actor: ada,
    createdAt: at,
    ...none,
    target: { kind: 'event', id: 5, name: 'Summer festival', exists: true, startsAt: null },
    count: 50,
  },
  {
    id: 39,
    action: 'shift.assigned',
    subject: 'shift:7',
    details: { assignmentId: 1, eventUserId: 12, title: 'Bar' },
    actor: ada,
    createdAt: at,
    ...none,
    target: { kind: 'shift', id: 7, name: 'Bar', exists: true, startsAt: '2026-07-03T16:00:00.000Z' },
    person: { eventUserId: 12, name: 'Bo Ek' },
  },
  {
    id: 38,
    action: 'application.status_changed',
    subject: 'application:36',
    details: { from: 'pending', to: 'rejected' },
    actor: null,
    createdAt: at,
    ...none,
    target: { kind: 'application', id: 36, name: 'Cleo Ström', exists: true, startsAt: null },
  },
  {
    id: 37,
    action: 'group.deleted',
    subject: 'group:4',
    details: { name: 'Kiosk', membersLeftWithoutGroup: 0 },
    actor: ada,
    createdAt: at,
    ...none,
    target: { kind: 'group', id: 4, name: null, exists: false, startsAt: null },
  },
  {
    id: 36,
    action: 'something.new_in_a_later_version',
    subject: 'thing:1',
    details: {},
    actor: ada,
    createdAt: at,
    ...none,
  },
];

function serve(list: AuditEntryView[] = entries) {
  return mockFetch((call) => {
    if (call.url === '/api/event/5') return { body: detail };
    if (call.url.startsWith('/api/event/5/groups?')) return { body: { groups: [], total: 0 } };
    if (call.url.startsWith('/api/event/5/access')) {
      return {
        body: { admins: [], groupLeaders: [], volunteers: [], totals: { admins: 0, groupLeaders: 0, volunteers: 0 } },
      };
    }
    if (call.url.startsWith('/api/event/5/audit')) return { body: { entries: list, total: list.length } };
    return { body: {} };
  });
}

const sentences = async () => {
  const log = await screen.findByRole('list', { name: /Audit log|Händelselogg/ });
  return within(log)
    .getAllByTestId('audit-entry')
    .map((item) => item.querySelector('p')?.textContent);
};

describe('audit log in words', () => {
  it('says each entry as a sentence in English, the subject linked while it exists', async () => {
    serve();
    renderApp({ user: testUser, route: '/event/5/control-panel' });
    expect(await sentences()).toEqual([
      'Ada Berg accepted 50 applications into Bar',
      'Ada Berg signed Bo Ek up for Bar, Fri, Jul 3 06:00 PM',
      'A removed account rejected the application from Cleo Ström',
      'Ada Berg deleted the group Kiosk',
      'Ada Berg made a change',
    ]);
    const log = screen.getByRole('list', { name: 'Audit log' });
    expect(within(log).getByRole('link', { name: '50 applications' })).toHaveAttribute(
      'href',
      '/event/5/applications?status=accepted&groupId=3',
    );
    expect(within(log).getByRole('link', { name: 'Bar, Fri, Jul 3 06:00 PM' })).toHaveAttribute(
      'href',
      '/event/5/scheduling?view=timeline&span=day&date=2026-07-03',
    );
    expect(within(log).getByRole('link', { name: 'Cleo Ström' })).toHaveAttribute(
      'href',
      '/event/5/applications?search=Cleo+Str%C3%B6m',
    );
    // The deleted group is named, not linked; no raw action or subject anywhere.
    expect(within(log).queryByRole('link', { name: 'Kiosk' })).toBeNull();
    expect(log.textContent).not.toMatch(/applications\.updated|application:36|something\.new/);
  });

  it('says them in Swedish', async () => {
    await i18n.changeLanguage('sv');
    serve();
    renderApp({ user: testUser, route: '/event/5/control-panel' });
    expect(await sentences()).toEqual([
      'Ada Berg antog 50 ansökningar till Bar',
      'Ada Berg satte upp Bo Ek på Bar, fre 3 juli 18:00',
      'Ett borttaget konto avböjde ansökan från Cleo Ström',
      'Ada Berg tog bort gruppen Kiosk',
      'Ada Berg gjorde en ändring',
    ]);
  });

  it('says the event day: check-ins for the event or a shift, one that a later decision outranked, an undo, a new code', async () => {
    const member = { kind: 'event_user', id: 12, name: 'Bo Ek', exists: true, startsAt: null };
    const entry = (id: number, action: string, details: Record<string, unknown>): AuditEntryView => ({
      id,
      action,
      subject: 'event_user:12',
      details,
      actor: ada,
      createdAt: at,
      ...none,
      target: member,
    });
    serve([
      entry(5, 'check_in.recorded', { kind: 'arrive', shiftId: null, applied: true, name: 'Bo Ek' }),
      entry(4, 'check_in.recorded', { kind: 'leave', shiftId: 7, applied: true, name: 'Bo Ek' }),
      entry(3, 'check_in.recorded', { kind: 'arrive', shiftId: 7, applied: false, name: 'Bo Ek' }),
      entry(2, 'check_in.undone', { kind: 'arrive', shiftId: 7 }),
      entry(1, 'member.code_revoked', {}),
    ]);
    renderApp({ user: testUser, route: '/event/5/control-panel' });
    expect(await sentences()).toEqual([
      'Ada Berg checked Bo Ek in at the event',
      'Ada Berg checked Bo Ek out of a shift',
      'Ada Berg recorded an earlier arrival of Bo Ek for a shift; a later decision stood',
      'Ada Berg undid a check-in of Bo Ek',
      'Ada Berg replaced the personal code of Bo Ek; the old one no longer works',
    ]);
  });
});
