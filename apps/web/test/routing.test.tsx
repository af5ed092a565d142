import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, testUser } from './test-utils';

const loginSucceeds = () =>
  mockFetch(({ url }) =>
    url === '/api/login' ? { body: { success: true, user: testUser, _csrf: 'after-login' } } : { body: {} },
  );

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email address'), testUser.email);
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('routing and guards', () => {
  it('sends an anonymous visitor to the login page and back to the wanted page after login', async () => {
    const user = userEvent.setup();
    loginSucceeds();
    const { router } = renderApp({ route: '/account/security' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/login'));
    expect(router.state.location.search).toBe('?returnTo=%2Faccount%2Fsecurity');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('You need to log in to continue.')).toBeInTheDocument();

    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(window.localStorage.getItem('csrf')).toBe('after-login');
  });

  it('keeps the register link on the login page pointed at the wanted page', async () => {
    renderApp({ route: '/authentication/login?returnTo=%2Faccount' });
    expect(await screen.findByRole('link', { name: 'Create new account' })).toHaveAttribute(
      'href',
      '/authentication/register?returnTo=%2Faccount',
    );
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/authentication/password-recovery',
    );
  });

  it('ignores a returnTo that leaves the site', async () => {
    const user = userEvent.setup();
    loginSucceeds();
    const { router } = renderApp({ route: '/authentication/login?returnTo=%2F%2Fevil.example' });
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('redirects a logged-in user away from the authentication pages to the root', async () => {
    const { router } = renderApp({ user: testUser, route: '/authentication/register' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(document.title).toBe('Events | Funkis');
  });

  it('shows login on an apply page and stays there after login', async () => {
    const user = userEvent.setup();
    loginSucceeds();
    const { router } = renderApp({ route: '/event/13/apply' });
    expect(await screen.findByRole('link', { name: 'Create new account' })).toHaveAttribute(
      'href',
      '/event/13/apply/register',
    );
    await logIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/event/13/apply');
  });

  it('shows register on the apply register page and sends an authenticated visitor to the apply page', async () => {
    const user = userEvent.setup();
    mockFetch(({ url }) =>
      url === '/api/register' ? { body: { success: true, user: testUser, _csrf: 'after-register' } } : { body: {} },
    );
    const { router } = renderApp({ route: '/event/7/apply/register' });
    expect(await screen.findByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/event/7/apply');

    await user.type(screen.getByLabelText('Email address'), testUser.email);
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough');
    await user.type(screen.getByLabelText('First name'), 'Åsa');
    await user.type(screen.getByLabelText('Last name'), 'Berg');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/event/7/apply'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply' })).toBeInTheDocument();
  });

  it('redirects an authenticated visitor of /event/:id/apply/register to /event/:id/apply', async () => {
    const { router } = renderApp({ user: testUser, route: '/event/7/apply/register' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/7/apply'));
  });

  it('shows the 404 page for any unmatched path', async () => {
    renderApp({ route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('pushes a page_view with the page title to the data layer on the login page', async () => {
    renderApp({ route: '/authentication/login' });
    await screen.findByRole('heading', { name: 'Log in' });
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual({
        event: 'page_view',
        page_path: '/authentication/login',
        page_title: 'Login | Funkis',
      }),
    );
    expect(window.dataLayer?.filter((entry) => entry.event === 'page_view')).toHaveLength(1);
  });
});

describe('top bar', () => {
  it('shows the profile menu with the name, an account link and logout', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(() => ({ body: { success: true } }));
    const { router } = renderApp({ user: testUser, route: '/account' });
    expect(await screen.findByRole('link', { name: 'Funkis home' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Open profile menu' }));
    // The menu is a chunk of its own, fetched on the first opening.
    expect(await screen.findByText('Åsa Berg')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');

    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/login'));
    expect(router.state.location.search).toBe(''); // an explicit logout forgets the page
    // The page's own calls (the notifications section's choices) come before it.
    expect(calls.filter((call) => call.url.includes('logout'))).toMatchObject([{ url: '/api/logout', method: 'GET' }]);
  });

  it("shows 'Unable to logout' when the logout call fails, and stays logged in", async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 500, body: { success: false, errorMessages: ['Something went wrong'] } }));
    const { router } = renderApp({ user: testUser, route: '/account' });
    await user.click(await screen.findByRole('button', { name: 'Open profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Unable to logout')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });
});
