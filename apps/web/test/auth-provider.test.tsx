import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../src/app/providers';
import { useAuth } from '../src/lib/auth';
import { createTestQueryClient, mockFetch, testUser } from './test-utils';

function AuthStatus() {
  const { isInitialised, isAuthenticated, user } = useAuth();
  if (!isInitialised) return <p>uninitialised</p>;
  return <p>{isAuthenticated ? `authenticated as ${user?.firstname}` : 'anonymous'}</p>;
}

function SignIn() {
  const { signIn } = useAuth();
  return (
    <button type="button" onClick={() => signIn(testUser)}>
      sign in
    </button>
  );
}

const renderStatus = () =>
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <AuthStatus />
    </AppProviders>,
  );

describe('auth state at start-up', () => {
  it('is anonymous without asking the server when no CSRF token is stored', async () => {
    const { calls } = mockFetch(() => ({ body: {} }));
    renderStatus();
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('fetches the current user with the stored token as header', async () => {
    window.localStorage.setItem('csrf', 'stored-token');
    const { calls } = mockFetch(() => ({ body: { user: testUser } }));
    renderStatus();
    expect(screen.getByText('uninitialised')).toBeInTheDocument();
    expect(await screen.findByText('authenticated as Åsa')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/me', method: 'GET', headers: { 'x-csrf-token': 'stored-token' } });
  });

  it('is anonymous when the current-user call fails, and forgets a token the server rejected', async () => {
    window.localStorage.setItem('csrf', 'expired');
    mockFetch(() => ({ status: 401, body: { success: false, errorMessages: ['You must be logged in.'] } }));
    renderStatus();
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('csrf')).toBeNull());
  });

  it('opens for the person last signed in here when the server cannot be reached, and remembers whoever signs in', async () => {
    window.localStorage.setItem('csrf', 'stored-token');
    window.localStorage.setItem('offline-user', JSON.stringify({ ...testUser, firstname: 'Kept' }));
    let reachable = false;
    mockFetch(() => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return { body: { user: testUser } };
    });
    renderStatus();
    expect(await screen.findByText('authenticated as Kept')).toBeInTheDocument();
    reachable = true;
    // The session check is asked again every 3 s; the server's answer replaces the kept person.
    expect(await screen.findByText('authenticated as Åsa', {}, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('offline-user')).toContain('Åsa'));
  });

  it('stays waiting without a kept person when the server cannot be reached', async () => {
    window.localStorage.setItem('csrf', 'stored-token');
    let failures = 0;
    mockFetch(() => {
      failures += 1;
      throw new TypeError('Failed to fetch');
    });
    renderStatus();
    // The second try (3 s later) comes only after the first failure was handled.
    await waitFor(() => expect(failures).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    expect(screen.getByText('uninitialised')).toBeInTheDocument();
  });

  it('forgets what was kept for a person whose session ended while the app was closed', async () => {
    window.localStorage.setItem('csrf', 'expired');
    window.localStorage.setItem('offline-user', JSON.stringify(testUser));
    window.localStorage.setItem(
      'offline-data',
      JSON.stringify({ savedAt: Date.now(), userId: testUser.id, state: {} }),
    );
    mockFetch(() => ({ status: 401, body: { success: false, errorMessages: ['You must be logged in.'] } }));
    renderStatus();
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(window.localStorage.getItem('offline-data')).toBeNull();
    expect(window.localStorage.getItem('offline-user')).toBeNull();
  });

  it('forgets what was kept for another person when somebody else signs in on the device', async () => {
    window.localStorage.setItem('offline-user', JSON.stringify({ ...testUser, id: 99, firstname: 'Earlier' }));
    window.localStorage.setItem('offline-data', JSON.stringify({ savedAt: Date.now(), userId: 99, state: {} }));
    mockFetch(() => ({ body: {} }));
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <AuthStatus />
        <SignIn />
      </AppProviders>,
    );
    await screen.findByText('anonymous');
    screen.getByRole('button', { name: 'sign in' }).click();
    expect(await screen.findByText('authenticated as Åsa')).toBeInTheDocument();
    expect(window.localStorage.getItem('offline-data')).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem('offline-user')).toContain('Åsa'));
  });
});
