import type { Shift } from '@funkis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SchedulingPage } from '../src/features/scheduling/components/scheduling-page';
import { type FetchCall, mockFetch, renderWithProviders, testUser } from './test-utils';

const ZONE = 'Europe/Stockholm';

const shift: Shift = {
  id: 11,
  title: 'Gate',
  description: 'Check tickets',
  location: 'North gate',
  // 09:00–13:00 in Stockholm (summer time, UTC+02:00).
  startsAt: '2030-07-03T07:00:00.000Z',
  endsAt: '2030-07-03T11:00:00.000Z',
  capacity: 2,
  group: { id: 1, name: 'Stage' },
  assignments: [
    {
      id: 21,
      eventUserId: 5,
      firstname: 'Tove',
      lastname: 'Timeline',
      createdAt: '2030-06-01T10:00:00.000Z',
      attendance: null,
      fromWaitlist: false,
    },
  ],
  mine: false,
  waitlist: { size: 0, myPosition: null },
};

function renderPage(handleUpdate: (call: FetchCall) => { status?: number; body: unknown }) {
  const { calls } = mockFetch((call) => {
    if (call.method === 'POST' && call.url.includes('/shifts/11')) return handleUpdate(call);
    if (call.url.includes('/scheduling-settings'))
      return {
        body: {
          settings: {
            minRestMinutes: 0,
            selfSignupGroupIds: [],
            signOffClosesHours: 0,
            reminderHours: 24,
          },
        },
      };
    if (call.url.includes('/groups')) return { body: { groups: [{ id: 1, name: 'Stage' }], total: 1 } };
    if (call.url.includes('/users')) return { body: { users: [], total: 0 } };
    return { body: { shifts: [shift] } };
  });
  renderWithProviders(<SchedulingPage eventId={7} roleLevel={0} eventUserId={1} groupId={null} timeZone={ZONE} />, {
    user: testUser,
    route: '/event/7/scheduling',
  });
  return calls;
}

describe('editing a shift', () => {
  it("opens prefilled in the event's zone, names the people told of a new place, and sends only the change", async () => {
    const calls = renderPage((call) => ({
      body: { shift: { ...shift, ...(call.body as Partial<Shift>) } },
    }));
    const user = userEvent.setup();
    await user.click(await screen.findAllByRole('button', { name: 'Edit the shift Gate' }).then((all) => all[0]));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Gate' });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Gate');
    // Date and time pickers in the app's language (English here), showing the times in the event's zone.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Start \(Europe\/Stockholm\)/ })).toHaveValue(
        '07/03/2030 09:00 AM',
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: /^End \(Europe\/Stockholm\)/ })).toHaveValue(
      '07/03/2030 01:00 PM',
    );
    expect(within(dialog).queryByTestId('edit-told')).not.toBeInTheDocument();

    const location = within(dialog).getByLabelText(/^Location/);
    await user.clear(location);
    await user.type(location, 'South gate');
    expect(within(dialog).getByTestId('edit-told')).toHaveTextContent(
      'Tove Timeline will be told of the new time or place by e-mail.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Gate' })).not.toBeInTheDocument());
    const update = calls.find((call) => call.method === 'POST' && call.url.includes('/shifts/11'));
    expect(update?.url).toMatch(/\/api\/event\/7\/shifts\/11$/);
    expect(update?.body).toEqual({ location: 'South gate' });
    expect(await screen.findByText('The shift was saved.')).toBeInTheDocument();
  });

  it('sends a new time as both ends in UTC and shows the 409 overlap message by its code', async () => {
    const calls = renderPage(() => ({
      status: 409,
      body: {
        success: false,
        errorMessages: ['server text'],
        errors: [{ code: 'error.shiftChangeOverlap', params: { name: 'Tove Timeline', title: 'Bar' } }],
      },
    }));
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Edit the shift Gate' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Gate' });
    const end = await waitFor(() => {
      const field = within(dialog).getByRole('textbox', { name: /^End \(Europe\/Stockholm\)/ });
      expect(field).toHaveValue('07/03/2030 01:00 PM');
      return field;
    });
    // Typed as a person would: cleared, then the digits of each section in turn (the field moves on by itself).
    await user.click(end);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.keyboard('070320300230P');
    expect(end).toHaveValue('07/03/2030 02:30 PM');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const update = await waitFor(() => {
      const found = calls.find((call) => call.method === 'POST' && call.url.includes('/shifts/11'));
      expect(found).toBeDefined();
      return found;
    });
    expect(update?.body).toEqual({ startsAt: '2030-07-03T07:00:00.000Z', endsAt: '2030-07-03T12:30:00.000Z' });
    expect(await within(dialog).findByTestId('form-errors')).toHaveTextContent(
      'Tove Timeline would then have overlapping shifts: this one and Bar. Remove them from one first.',
    );
    // Said as well as shown: the dialog's live region counts the errors of the refused save.
    expect(within(dialog).getByTestId('form-error-announcer')).toHaveTextContent(
      'The form has one error, shown with the form.',
    );
  });
});
