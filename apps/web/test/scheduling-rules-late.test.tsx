import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RulesDialog } from '../src/features/scheduling/components/rules-dialog';
import { mockFetch, renderWithProviders } from './test-utils';

describe('the scheduling rules dialog', () => {
  it('edits "Late after (minutes)" beside the reminder and sends it with the rules', async () => {
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
    const field = screen.getByRole('spinbutton', { name: 'Late after (minutes)' });
    expect(field).toHaveValue(10);
    expect(field).toHaveAttribute('max', '240');
    await userEvent.clear(field);
    await userEvent.type(field, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ lateAfterMinutes: 25, reminderHours: 24 });
  });
});
