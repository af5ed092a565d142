import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SchedulingPage } from '../src/features/scheduling/components/scheduling-page';
import { mockFetch, renderWithProviders, testUser } from './test-utils';

const member = (id: number) => ({
  id,
  userId: 1000 + id,
  firstname: `Anna${id}`,
  lastname: 'Berg',
  email: `anna${id}@example.test`,
  roleLevel: 2,
  group: null,
});

describe('scheduling members panel', () => {
  it('shows one page of members with how many there are, and pages through the rest on the server', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.includes('/scheduling-settings'))
        return {
          body: { settings: { minRestMinutes: 0, selfSignupGroupIds: [], signOffClosesHours: 0, reminderHours: 24 } },
        };
      if (call.url.includes('/groups')) return { body: { groups: [], total: 0 } };
      if (call.url.includes('/users')) {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        return {
          body: { users: Array.from({ length: 20 }, (_, index) => member((page - 1) * 20 + index + 1)), total: 665 },
        };
      }
      return { body: { shifts: [] } };
    });
    renderWithProviders(<SchedulingPage eventId={7} roleLevel={0} eventUserId={1} groupId={null} />, {
      user: testUser,
      route: '/event/7/scheduling',
    });
    const panel = await screen.findByRole('region', { name: 'Members' });
    expect(await within(panel).findByTestId('members-shown')).toHaveTextContent(
      '1–20 of 665 members: search or turn the page for others',
    );
    expect(within(panel).getAllByRole('button', { name: /^Drag / })).toHaveLength(20);
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Next members' }));
    expect(await within(panel).findByRole('button', { name: 'Drag Anna21 Berg onto a shift' })).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByTestId('members-shown')).toHaveTextContent('21–40 of 665'));
    const asked = calls.filter((call) => call.url.includes('/users')).map((call) => new URL(call.url, 'http://x'));
    expect(asked.every((url) => url.searchParams.get('pageSize') === '20')).toBe(true);
  });
});
