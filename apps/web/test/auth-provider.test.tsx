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
});
