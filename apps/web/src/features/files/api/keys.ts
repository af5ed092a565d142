/** Query keys of the files screen; `['event', id, 'files']` also covers the feed's newest-files card. */
export const fileKeys = {
  all: (eventId: number) => ['event', eventId, 'files'] as const,
  list: (eventId: number, query: { search: string; sort: string; page: number }) =>
    ['event', eventId, 'files', 'list', query] as const,
};
