import { describe, expect, it } from 'vitest';
import { filterFromSearch } from '../src/features/statistics/api/filter-params';
import { toCsv } from '../src/features/statistics/components/csv';

describe('statistics CSV', () => {
  it('quotes what needs quoting, keeps numbers and defuses formulas', () => {
    const csv = toCsv(
      ['Group', 'Applications'],
      [
        ['Bar, "inside"', 3],
        ['=HYPERLINK("x")', 0],
        ['Kök', 12],
      ],
    );
    expect(csv).toBe('\uFEFFGroup,Applications\r\n"Bar, ""inside""",3\r\n"\'=HYPERLINK(""x"")",0\r\nKök,12\r\n');
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
