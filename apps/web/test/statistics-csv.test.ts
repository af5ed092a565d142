import { tableToCsv } from '@funkis/shared';
import { describe, expect, it } from 'vitest';
import { filterFromSearch } from '../src/features/statistics/api/filter-params';

describe('statistics CSV', () => {
  it('quotes every field, keeps numbers and defuses formulas, also after a separator inside a cell', () => {
    const csv = tableToCsv(
      ['Group', 'Applications'],
      [
        ['Bar, "inside"', 3],
        ['=HYPERLINK("x")', 0],
        ['Stalls;=1+1', 1],
        ['Kök', 12],
      ],
    );
    expect(csv).toBe(
      '\uFEFF"Group","Applications"\r\n"Bar, ""inside""","3"\r\n"\'=HYPERLINK(""x"")","0"\r\n"Stalls;\'=1+1","1"\r\n"Kök","12"\r\n',
    );
  });
});

describe('statistics filters in the URL', () => {
  it('reads the review names as lists and keeps only real-looking days', () => {
    expect(
      filterFromSearch(new URLSearchParams('status=accepted,pending&groupId=3,none&week=w1&from=2026-03-01&to=soon')),
    ).toEqual({ status: ['accepted', 'pending'], groupId: ['3', 'none'], week: ['w1'], from: '2026-03-01', to: '' });
    expect(filterFromSearch(new URLSearchParams(''))).toEqual({ status: [], groupId: [], week: [], from: '', to: '' });
  });
});
