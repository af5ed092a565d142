import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, testUser } from './test-utils';

/** The server or its database away: a "cannot reach the server, retrying" state, never the 500 page. */
describe('server unreachable', () => {
  it('shows a retrying banner while requests fail to connect, and carries on by itself when the server is back', async () => {
    let down = true;
    const { calls } = mockFetch((call) => {
      if (down) throw new TypeError('Failed to fetch');
      if (call.url.endsWith('/health/ready')) return { body: { status: 'ready', database: 'sqlite' } };
      return { body: { events: [], total: 0 } };
    });
    renderApp({ user: testUser, route: '/' });
    // The page's own error may show too; the banner is the alert that says the server is out of reach.
    const banner = await screen.findByTestId('server-unreachable');
    expect(within(banner).getByRole('alert')).toBeInTheDocument();
    expect(banner).toHaveTextContent('Cannot reach the server');
    expect(banner).toHaveTextContent('Retrying…');
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();

    down = false;
    // The readiness check is asked every 3 s; then the page's queries are fetched again.
    await waitFor(() => expect(screen.queryByText('Cannot reach the server')).not.toBeInTheDocument(), {
      timeout: 8_000,
    });
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/api/health/ready'))).toBe(true);
  }, 15_000);

  it('shows the retrying page instead of "access denied" when the event answers 503', async () => {
    mockFetch((call) => {
      if (call.url.endsWith('/health/ready')) return { status: 503, body: { status: 'not-ready' } };
      return {
        status: 503,
        body: { success: false, errorMessages: ['busy'], errors: [{ code: 'error.unavailable' }] },
      };
    });
    renderApp({ user: testUser, route: '/event/1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cannot reach the server' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Retrying…');
    expect(screen.queryByText(/access denied/i)).not.toBeInTheDocument();
  });
});
