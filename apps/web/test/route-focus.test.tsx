import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FocusHeadingOnRouteChange } from '../src/components/layouts/root-layout';

/** A page whose heading comes a moment after the route, as a screen's data does. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return ready ? (
    <>
      <h1>Users</h1>
      <input aria-label="Search" />
    </>
  ) : (
    <p>Loading…</p>
  );
}

function renderRoutes() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <FocusHeadingOnRouteChange />
            <nav>
              <Link to="/users">Users link</Link>
              <Link to="/">Home link</Link>
            </nav>
            <main id="main-content">
              <Outlet />
            </main>
          </>
        ),
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/users', element: <SlowPage /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('focus after a route change', () => {
  it("leaves the first page alone, then moves the focus to the new page's heading once it shows", async () => {
    renderRoutes();
    expect(screen.getByRole('heading', { name: 'Home' })).not.toHaveFocus();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Users link' }));
    const heading = await screen.findByRole('heading', { name: 'Users' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('link', { name: 'Home link' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Home' })).toHaveFocus());
  });

  it('does not take the focus from a field the user went to meanwhile', async () => {
    const router = renderRoutes();
    await router.navigate('/users');
    const search = await screen.findByRole('textbox', { name: 'Search' });
    // The heading was focused when it came; the user then moves on and the page changes no more.
    search.focus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(search).toHaveFocus();
  });
});
