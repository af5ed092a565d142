import type { User } from '@funkis/shared';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type InitialEntry, MemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../src/app/providers';
import { createRoutes } from '../src/app/router';

export const testUser: User = {
  id: 1,
  email: 'asa.berg@example.com',
  firstname: 'Åsa',
  lastname: 'Berg',
  avatar: null,
  emailConfirmed: true,
};

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

interface RenderOptions {
  /** The logged-in user; omit for an anonymous visitor. */
  user?: User | null;
  /** The path, or a path with router state (what `navigate(path, { state })` hands over). */
  route?: InitialEntry;
  /** The cache the app uses (to look into it); a fresh one when omitted. */
  queryClient?: QueryClient;
}

/** A component inside all the app's providers and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { user = null, route = '/', queryClient = createTestQueryClient() }: RenderOptions = {},
) {
  return render(
    <AppProviders queryClient={queryClient} initialUser={user}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** The real route table at a given path. */
export function renderApp({ user = null, route = '/', queryClient = createTestQueryClient() }: RenderOptions = {}) {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [route] });
  const result = render(
    <AppProviders queryClient={queryClient} initialUser={user}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

interface MockResponse {
  status?: number;
  body?: unknown;
}

export type FetchCall = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** Replaces fetch; the handler answers by URL and method. Returns the recorded calls. */
export function mockFetch(handler: (call: FetchCall) => MockResponse | Promise<MockResponse>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: FetchCall = { url: String(input), method: init.method ?? 'GET', headers, body };
    calls.push(call);
    const { status = 200, body: responseBody } = await handler(call);
    return new Response(responseBody === undefined ? '' : JSON.stringify(responseBody), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
