import { act, render } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useListSearchParams } from '../src/hooks/use-list-search-params';
import { type ListState, parse, toSearch } from './list-state';

/**
 * The router's side, held by the test: which query strings the hook asked for, and which one is rendered when. A
 * real router (list-search-params.test.tsx) renders when React does; here the test decides, to put a render of an
 * earlier change between two later ones, as a router's transition can.
 */
const router = vi.hoisted(() => ({
  asked: [] as string[],
  show: (_search: string) => {},
}));

function useHeldSearchParams() {
  const [params, setParams] = useState(() => new URLSearchParams());
  router.show = (search) => setParams(new URLSearchParams(search));
  const ask = useCallback((next: URLSearchParams) => {
    router.asked.push(next.toString());
  }, []);
  return [params, ask] as const;
}

vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-router')>()),
  useSearchParams: () => useHeldSearchParams(),
}));

const probe: { update(patch: Partial<ListState>): void } = { update: () => {} };

function List() {
  const [, update] = useListSearchParams(parse, toSearch);
  probe.update = update;
  return null;
}

const lastAsked = () => Object.fromEntries(new URLSearchParams(router.asked.at(-1)));

describe('useListSearchParams: changes asked for and not yet rendered', () => {
  it('keeps a later change when an earlier one is rendered before the next (chip, search, render of the chip, chip)', () => {
    router.asked = [];
    render(<List />);
    probe.update({ status: ['accepted'] });
    probe.update({ search: 'åsa' });
    expect(lastAsked()).toEqual({ status: 'accepted', search: 'åsa' });
    act(() => router.show(router.asked[0] ?? ''));
    probe.update({ status: ['accepted', 'rejected'] });
    expect(lastAsked()).toEqual({ status: 'accepted,rejected', search: 'åsa' });
    // Once the last one asked for is rendered, the next change builds on it.
    act(() => router.show(router.asked.at(-1) ?? ''));
    probe.update({ search: '' });
    expect(lastAsked()).toEqual({ status: 'accepted,rejected' });
  });

  it('takes up a location it did not ask for (Back, a link) and forgets what it was still waiting for', () => {
    router.asked = [];
    render(<List />);
    probe.update({ status: ['accepted'] });
    act(() => router.show('status=pending'));
    probe.update({ search: 'x' });
    expect(lastAsked()).toEqual({ status: 'pending', search: 'x' });
  });
});
