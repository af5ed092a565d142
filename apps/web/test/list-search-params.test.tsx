import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListSearchParams } from '../src/hooks/use-list-search-params';
import { type ListState, parse, toSearch } from './list-state';

/** What the list screen last rendered, and its update, handed out to the test. */
const probe: { update(patch: Partial<ListState>): void; shown?: ListState } = { update: () => {} };

function List() {
  const [state, update] = useListSearchParams(parse, toSearch);
  probe.update = update;
  probe.shown = state;
  return null;
}

function renderList(initial: string) {
  const router = createMemoryRouter([{ path: '/list', element: <List /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return { router, update: (patch: Partial<ListState>) => probe.update(patch), shown: () => probe.shown };
}

describe('useListSearchParams: filters kept in the query string', () => {
  it('keeps both of two changes made before the screen renders again (a chip, then the search)', async () => {
    const list = renderList('/list');
    await act(async () => {
      list.update({ status: ['accepted'] });
      list.update({ search: 'åsa' });
    });
    const search = new URLSearchParams(list.router.state.location.search);
    expect(search.get('status')).toBe('accepted');
    expect(search.get('search')).toBe('åsa');
    expect(list.shown()).toEqual({ status: ['accepted'], search: 'åsa' });
  });

  it('builds on a change from outside (Back, a link) once it is shown', async () => {
    const list = renderList('/list?status=pending');
    await act(async () => {
      await list.router.navigate('/list?status=rejected');
    });
    await act(async () => {
      list.update({ search: 'a' });
    });
    const search = new URLSearchParams(list.router.state.location.search);
    expect(search.get('status')).toBe('rejected');
    expect(search.get('search')).toBe('a');
  });
});
