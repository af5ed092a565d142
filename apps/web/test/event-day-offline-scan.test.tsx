import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckInPage } from '../src/features/event-day/components/check-in-page';
import { readQueue } from '../src/features/event-day/offline-queue';
import { mockFetch, renderWithProviders } from './test-utils';

// jsdom has no image decoding: the photo "contains" this code.
vi.mock('../src/features/event-day/decode-qr', () => ({
  decodeQrFile: async () => 'F1.5.3.1.abcdef',
  decodeQr: async () => null,
}));

describe('a code scanned without a connection', () => {
  it('can still be kept for the event, with the time of the scan, and says how many wait', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<CheckInPage eventId={5} caller={{ roleLevel: 0, groupId: null }} />);
    const before = Date.now();
    await userEvent.upload(
      screen.getByLabelText('Upload a photo of the code'),
      new File(['png'], 'code.png', { type: 'image/png' }),
    );
    expect(
      await screen.findByText(
        'Code scanned without a connection. You can still record arrival or leaving at the event.',
      ),
    ).toBeInTheDocument();
    const card = screen.getByTestId('person-card');
    expect(within(card).getByRole('heading', { name: 'a scanned code' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Arrived for this shift' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await userEvent.click(within(card).getByRole('button', { name: 'Arrived at the event' }));
    expect(await screen.findByTestId('check-in-queue')).toHaveTextContent('(1 waiting)');
    await waitFor(() => expect(readQueue()).toHaveLength(1));
    const [kept] = readQueue();
    expect(kept?.input).toMatchObject({ code: 'F1.5.3.1.abcdef', kind: 'arrive', shiftId: null });
    const at = Date.parse(kept?.input.at ?? '');
    // The scan's time, not the click's (20 ms later).
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThan(Date.now() - 15);
  });
});
