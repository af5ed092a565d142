import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HomePage } from '../src/features/events/components/home-page';
import { mockFetch, renderApp, renderWithProviders, testUser } from './test-utils';

/** Decision 020: the notice, the invitations' reason, the confirmation page and the pending change. */
const unconfirmed = { ...testUser, emailConfirmed: false };

describe('address confirmation in the web app', () => {
  it('shows an unconfirmed user the notice with a working resend, and why no invitations show', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) =>
      call.url.endsWith('/api/resend-confirmation')
        ? { body: { success: true, _csrf: 'next' } }
        : { body: { events: [], total: 0 } },
    );
    renderApp({ user: unconfirmed, route: '/' });
    const notice = await screen.findByTestId('confirm-email-notice');
    expect(notice).toHaveTextContent('Confirm your e-mail address');
    expect(notice).toHaveTextContent(`We sent a link to ${unconfirmed.email}`);
    expect(await screen.findByTestId('invitations-need-confirmation')).toHaveTextContent(
      'Confirm your e-mail address to see invitations',
    );
    expect(calls.some((call) => call.url.endsWith('/api/invitations'))).toBe(false);

    // The notice comes with the layout; its button's code after it, with a disabled stand-in until then.
    await user.click(await screen.findByTestId('resend-confirmation'));
    expect(screen.queryByTestId('resend-confirmation-placeholder')).toBeNull();
    expect(await screen.findByText(`A new link is on its way to ${unconfirmed.email}.`)).toBeInTheDocument();
    const resend = calls.find((call) => call.url.endsWith('/api/resend-confirmation'));
    expect(resend?.method).toBe('POST');
  });

  it('says so when resending is refused', async () => {
    const user = userEvent.setup();
    mockFetch((call) =>
      call.url.endsWith('/api/resend-confirmation')
        ? { status: 429, body: { success: false, errorMessages: ['x'], errors: [{ code: 'error.tooManyRequests' }] } }
        : { body: { events: [], total: 0 } },
    );
    renderApp({ user: unconfirmed, route: '/' });
    await user.click(await screen.findByTestId('resend-confirmation'));
    expect(await screen.findByText(/too many/i)).toBeInTheDocument();
  });

  it('shows no notice and loads the invitations once the address is confirmed', async () => {
    const { calls } = mockFetch((call) =>
      call.url.endsWith('/api/invitations') ? { body: { invitations: [] } } : { body: { events: [], total: 0 } },
    );
    renderWithProviders(<HomePage />, { user: testUser });
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/invitations'))).toBe(true));
    expect(screen.queryByTestId('invitations-need-confirmation')).toBeNull();
    expect(screen.queryByTestId('confirm-email-notice')).toBeNull();
  });

  it('confirms from the link logged out, once, and says so', async () => {
    const { calls } = mockFetch(() => ({
      body: { success: true, _csrf: 't', user: { ...unconfirmed, emailConfirmed: true } },
    }));
    renderApp({ user: null, route: '/authentication/confirm-email?token=abc' });
    expect(await screen.findByText(`The address ${unconfirmed.email} is confirmed. Thank you!`)).toBeInTheDocument();
    const posts = calls.filter((call) => call.url.endsWith('/api/confirm-email'));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: 'abc' });
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeInTheDocument();
  });

  it('works for a logged-in browser too (not sent away as a guest), and shows a refused link', async () => {
    mockFetch(() => ({
      status: 400,
      body: {
        success: false,
        errorMessages: ['The link is invalid or has expired.'],
        errors: [{ code: 'error.tokenInvalid', field: 'token' }],
      },
    }));
    renderApp({ user: testUser, route: '/authentication/confirm-email?token=used' });
    expect(await screen.findByText('The link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toBeInTheDocument();
  });

  it('shows a waiting change of address with its resend on the security screen', async () => {
    mockFetch(() => ({ body: { feed: null } }));
    renderApp({ user: { ...testUser, pendingEmail: 'new@example.com' }, route: '/account/security' });
    const pending = await screen.findByTestId('pending-email');
    expect(pending).toHaveTextContent('Waiting for confirmation at new@example.com');
    expect(screen.getAllByRole('button', { name: 'Send the link again' })).toHaveLength(1);
  });
});
