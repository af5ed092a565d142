import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MyCodePage } from '../src/features/event-day/components/my-code-page';
import { qrPath } from '../src/features/event-day/components/qr-code-svg';
import { eventDayKeys } from '../src/lib/query-keys';
import { createTestQueryClient, mockFetch, renderWithProviders } from './test-utils';

const CODE = 'F1.5.3.1.abcdefghijklmnopqrstuv';

describe('my code', () => {
  it('draws the QR code as a named inline SVG with the person, the event and what to do with it', async () => {
    mockFetch(() => ({ body: { code: CODE } }));
    renderWithProviders(<MyCodePage eventId={5} eventName="Summer fest" personName="Ada Berg" />);
    const image = await screen.findByRole('img', { name: 'QR code of Ada Berg for Summer fest' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image.querySelector('path')?.getAttribute('d')).toBe(qrPath(CODE).path);
    expect(screen.getByText('Ada Berg')).toBeInTheDocument();
    expect(screen.getByText('Summer fest')).toBeInTheDocument();
    expect(screen.getByText('Show this code at the info desk or to your group leader.')).toBeInTheDocument();
    expect(screen.queryByTestId('my-code-offline')).not.toBeInTheDocument();
  });

  it('shows the last code kept on the phone when the server cannot be reached, saying when it was updated', async () => {
    // As lib/offline-data.ts puts it back at start: the answer with the time it was fetched.
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(
      eventDayKeys.myCode(5),
      { code: CODE },
      { updatedAt: new Date(2026, 10, 26, 9, 41).getTime() },
    );
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<MyCodePage eventId={5} eventName="Summer fest" personName="Ada Berg" />, { queryClient });
    expect(await screen.findByTestId('my-code-offline')).toHaveTextContent('Offline – last updated 09:41');
    expect(screen.getByRole('img', { name: 'QR code of Ada Berg for Summer fest' })).toBeInTheDocument();
  });

  it('a QR code of a real code is a square of modules with the quiet zone', () => {
    const { size, path } = qrPath(CODE);
    expect(size).toBeGreaterThanOrEqual(21 + 8);
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true);
  });
});
