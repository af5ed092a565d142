import type { Shift } from '@funkis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SchedulingPage } from '../src/features/scheduling/components/scheduling-page';
import { mockFetch, renderWithProviders, testUser } from './test-utils';

const shift = (assignments: Shift['assignments'] = []): Shift => ({
  id: 11,
  title: 'Gate',
  description: '',
  location: 'North gate',
  startsAt: '2030-07-03T07:00:00.000Z',
  endsAt: '2030-07-03T11:00:00.000Z',
  capacity: 4,
  group: { id: 1, name: 'Security' },
  assignments,
  mine: assignments.length > 0,
  waitlist: { size: 0, myPosition: null },
});

const GROUPS = [
  { id: 1, name: 'Security' },
  { id: 2, name: 'Bar' },
  { id: 3, name: 'Kitchen' },
];

function serve(selfSignupGroupIds: number[]) {
  let signedUp = false;
  const mine = () =>
    signedUp
      ? [
          {
            id: 30,
            eventUserId: 9,
            firstname: 'Vera',
            lastname: 'Volunteer',
            createdAt: '2030-06-01T10:00:00.000Z',
            attendance: null,
            fromWaitlist: false,
          },
        ]
      : [];
  return mockFetch((call) => {
    if (call.method === 'POST' && call.url.includes('/shifts/11/assignments')) {
      signedUp = true;
      return { status: 201, body: { success: true, assignment: { id: 30, shiftId: 11, eventUserId: 9 } } };
    }
    if (call.url.includes('/scheduling-settings'))
      return {
        body: { settings: { minRestMinutes: 0, selfSignupGroupIds, signOffClosesHours: 0, reminderHours: 24 } },
      };
    if (call.url.includes('/groups')) return { body: { groups: GROUPS, total: GROUPS.length } };
    if (call.url.includes('/users')) return { body: { users: [], total: 0 } };
    return { body: { shifts: [shift(mine())] } };
  });
}

const renderPage = (roleLevel: 0 | 1 | 2, groupId: number | null) =>
  renderWithProviders(
    <SchedulingPage eventId={7} roleLevel={roleLevel} eventUserId={9} groupId={groupId} timeZone="Europe/Stockholm" />,
    { user: testUser, route: '/event/7/scheduling' },
  );

describe('who signs up for shifts', () => {
  it('tells a volunteer whose group may not sign up that organisers assign their shifts', async () => {
    serve([2]);
    renderPage(2, 1);
    const note = await screen.findByTestId('self-signup-note');
    expect(note).toHaveTextContent('Your organisers assign shifts for Security.');
    expect(within(note).getByText('Security', { selector: 'bdi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('says nothing to a volunteer who may sign up, who gets the button', async () => {
    serve([1]);
    renderPage(2, 1);
    expect((await screen.findAllByRole('button', { name: 'Sign up' })).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('self-signup-note')).not.toBeInTheDocument();
  });

  it('shows the admin which groups sign up themselves, and when none does', async () => {
    serve([2, 3]);
    const { unmount } = renderPage(0, null);
    expect(await screen.findByTestId('self-signup-note')).toHaveTextContent(
      'These groups sign up for shifts themselves (Rules): Bar, Kitchen',
    );
    unmount();
    serve([]);
    renderPage(0, null);
    expect(await screen.findByTestId('self-signup-note')).toHaveTextContent(
      'No group signs up for shifts itself: organisers assign every place (Rules).',
    );
  });

  it('moves the focus to the sign-off button that replaces "Sign up"', async () => {
    serve([1]);
    renderPage(2, 1);
    const user = userEvent.setup();
    const list = await screen.findByRole('region', { name: 'Shifts of your group' });
    await user.click(await within(list).findByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Sign off' })).toHaveFocus());
    expect(await screen.findByText('You signed up for the shift.')).toBeInTheDocument();
  });

  it("names whom to ask on the day on the volunteer's own shift: the group's leader, with their address", async () => {
    const contact = (id: number, firstname: string, roleLevel: 0 | 1, group: { id: number; name: string } | null) => ({
      id,
      userId: id,
      firstname,
      lastname: 'Person',
      email: `${firstname.toLowerCase()}@example.com`,
      avatar: null,
      roleLevel,
      group,
    });
    const assigned = {
      id: 30,
      eventUserId: 9,
      firstname: 'Vera',
      lastname: 'Volunteer',
      createdAt: '2030-06-01T10:00:00.000Z',
      attendance: null,
      fromWaitlist: false,
    };
    mockFetch((call) => {
      if (call.url.includes('/contacts'))
        return {
          body: {
            contacts: [
              contact(1, 'Alma', 0, null),
              contact(2, 'Bo', 1, { id: 1, name: 'Security' }),
              contact(3, 'Cy', 1, { id: 2, name: 'Bar' }),
            ],
          },
        };
      if (call.url.includes('/scheduling-settings'))
        return {
          body: { settings: { minRestMinutes: 0, selfSignupGroupIds: [], signOffClosesHours: 0, reminderHours: 24 } },
        };
      if (call.url.includes('/groups')) return { body: { groups: GROUPS, total: GROUPS.length } };
      return { body: { shifts: [shift([assigned])] } };
    });
    renderPage(2, 1);
    const contacts = await screen.findByTestId('contacts-of-shift');
    expect(contacts).toHaveTextContent('On the day, ask: Bo Person (bo@example.com)');
    expect(within(contacts).getByRole('link', { name: 'bo@example.com' })).toHaveAttribute(
      'href',
      'mailto:bo@example.com',
    );
    expect(contacts).not.toHaveTextContent('Cy');
    expect(contacts).not.toHaveTextContent('Alma');
  });
});
