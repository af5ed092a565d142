import type { ShiftOffer } from '@funkis/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OffersSection } from '../src/features/scheduling/components/offers-section';
import { RulesDialog } from '../src/features/scheduling/components/rules-dialog';
import { mockFetch, renderWithProviders } from './test-utils';

const offer = (id: number, status: ShiftOffer['status'], takenBy: ShiftOffer['takenBy'] = null): ShiftOffer => ({
  id,
  shiftId: 10 + id,
  shift: {
    id: 10 + id,
    title: `Bar ${id}`,
    location: 'Quay',
    startsAt: '2031-07-03T08:00:00.000Z',
    endsAt: '2031-07-03T12:00:00.000Z',
    group: { id: 1, name: 'Bar' },
  },
  offeredBy: { eventUserId: 7, firstname: 'Anna', lastname: 'Berg' },
  until: '2031-07-03T08:00:00.000Z',
  status,
  takenBy,
  createdAt: '2031-07-01T08:00:00.000Z',
});

const run = async (work: () => Promise<unknown>) => {
  await work();
};

describe('hand-over on the scheduling screen', () => {
  it("sends the rules' switch for a leader's approval", async () => {
    const settings = {
      minRestMinutes: 0,
      selfSignupGroupIds: [],
      signOffClosesHours: 0,
      reminderHours: 24,
      lateAfterMinutes: 10,
      handoverApproval: false,
    };
    const { calls } = mockFetch((call) => ({ body: { settings: { ...settings, ...(call.body as object) } } }));
    renderWithProviders(
      <RulesDialog eventId={5} settings={settings} groups={[]} onClose={() => {}} onDone={() => {}} />,
    );
    const toggle = screen.getByRole('switch', { name: "Hand-overs need a leader's approval" });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ handoverApproval: true });
  });

  it('lets a volunteer take an offered place and says when it waits for approval', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'GET'
        ? { body: { offers: [offer(1, 'open')] } }
        : { status: 202, body: { offer: offer(1, 'pending', { eventUserId: 8, firstname: 'Ben', lastname: 'Ek' }) } },
    );
    const onNotice = vi.fn();
    renderWithProviders(<OffersSection eventId={5} eventUserId={8} organiser={false} run={run} onNotice={onNotice} />);
    const take = await screen.findByRole('button', { name: 'Take the place on Bar 1 offered by Anna Berg' });
    await userEvent.click(take);
    await waitFor(() =>
      expect(onNotice).toHaveBeenCalledWith("You asked for the place: it is waiting for a leader's approval."),
    );
    expect(calls.find((call) => call.method === 'POST')?.url).toContain('/api/event/5/offers/1/take');
  });

  it('shows organisers the status and lets them approve or decline a pending hand-over', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'GET'
        ? {
            body: {
              offers: [
                offer(1, 'taken', { eventUserId: 9, firstname: 'Cleo', lastname: 'Dahl' }),
                offer(2, 'pending', { eventUserId: 8, firstname: 'Ben', lastname: 'Ek' }),
              ],
            },
          }
        : { body: { assignment: { id: 3, shiftId: 12, eventUserId: 8, createdAt: '2031-07-01T08:00:00.000Z' } } },
    );
    renderWithProviders(<OffersSection eventId={5} eventUserId={1} organiser run={run} onNotice={() => {}} />);
    expect(await screen.findByText('Taken')).toBeInTheDocument();
    expect(screen.getByText('Waiting for approval')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take the place/ })).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Approve: Ben Ek takes the place of Anna Berg on Bar 2' }),
    );
    await waitFor(() => expect(calls.some((call) => call.url.includes('/api/event/5/offers/2/approve'))).toBe(true));
  });

  it('says when nothing is offered, and when the list could not be loaded', async () => {
    mockFetch(() => ({ body: { offers: [] } }));
    const { unmount } = renderWithProviders(
      <OffersSection eventId={5} eventUserId={8} organiser={false} run={run} onNotice={() => {}} />,
    );
    expect(await screen.findByText('No places are offered to you right now.')).toBeInTheDocument();
    unmount();
    mockFetch(() => ({ status: 500, body: { success: false, errorMessages: ['x'], errors: [] } }));
    renderWithProviders(<OffersSection eventId={6} eventUserId={8} organiser={false} run={run} onNotice={() => {}} />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
