import { readList } from '../src/hooks/use-list-search-params';

/** A small list screen's state for the tests of `useListSearchParams`: statuses and a search. */
export interface ListState {
  status: string[];
  search: string;
}

export const parse = (search: URLSearchParams): ListState => ({
  status: readList(search, 'status'),
  search: search.get('search') ?? '',
});

export const toSearch = (state: ListState) => {
  const search = new URLSearchParams();
  if (state.status.length > 0) search.set('status', state.status.join(','));
  if (state.search !== '') search.set('search', state.search);
  return search;
};
