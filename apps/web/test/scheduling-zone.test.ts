import { describe, expect, it } from 'vitest';
import { dayKey, formatShiftTime, offsetNote, viewerTimeZone } from '../src/features/scheduling/components/format';
import { expandDraft } from '../src/features/scheduling/components/new-shifts-dialog';
import { dayStart, stepped, toDayKey } from '../src/features/scheduling/components/period';

const draft = {
  title: 'Gate',
  description: '',
  location: '',
  date: '2030-03-30',
  repeatUntil: '2030-03-31',
  slots: '08:00-12:00, 22:00-02:00',
  capacity: '2',
  groupId: '' as const,
};

describe("shift times in the event's zone", () => {
  it("shows wall-clock times of the event's zone and its offset only when the viewer's differs", () => {
    expect(formatShiftTime('en-GB', '2030-07-03T06:00:00Z', '2030-07-03T10:00:00Z', 'Europe/Stockholm')).toBe(
      'Wed 3 Jul, 08:00–12:00',
    );
    expect(dayKey('2030-07-02T23:30:00Z', 'Europe/Stockholm')).toBe('2030-07-03');
    expect(offsetNote('2030-07-03T06:00:00Z', viewerTimeZone())).toBe('');
    const elsewhere = viewerTimeZone() === 'Pacific/Auckland' ? 'Europe/Stockholm' : 'Pacific/Auckland';
    expect(offsetNote('2030-07-03T06:00:00Z', elsewhere)).toMatch(/^ \(UTC[+-]\d{2}:\d{2}\)$/);
    expect(offsetNote('2030-07-03T06:00:00Z', undefined)).toBe('');
  });

  it("makes a repeating set at the event zone's times on both sides of a daylight-saving change", () => {
    const { shifts, error } = expandDraft(draft, 'Europe/Stockholm');
    expect(error).toBeNull();
    expect(shifts.map((shift) => [shift.startsAt, shift.endsAt])).toEqual([
      ['2030-03-30T07:00:00.000Z', '2030-03-30T11:00:00.000Z'],
      // Over midnight into the day the clocks go forward at 02:00: 02:00 does not exist and becomes 03:00 CEST.
      ['2030-03-30T21:00:00.000Z', '2030-03-31T01:00:00.000Z'],
      ['2030-03-31T06:00:00.000Z', '2030-03-31T10:00:00.000Z'],
      ['2030-03-31T20:00:00.000Z', '2030-04-01T00:00:00.000Z'],
    ]);
  });
});

describe('the day the timeline opens on', () => {
  it('is the first day with a shift not yet over, else the first shift, else the event start, else today', async () => {
    const { defaultTimelineDay, parseSchedulingView } = await import('../src/features/scheduling/api/view-params');
    const zone = 'Europe/Stockholm';
    const now = new Date('2030-07-10T10:00:00.000Z');
    const shift = (startsAt: string, endsAt: string) => ({ startsAt, endsAt });
    const shifts = [
      shift('2030-07-20T06:00:00.000Z', '2030-07-20T10:00:00.000Z'),
      shift('2030-07-01T06:00:00.000Z', '2030-07-01T10:00:00.000Z'),
      shift('2030-07-12T22:30:00.000Z', '2030-07-13T02:00:00.000Z'),
    ];
    // 22:30 UTC on the 12th is past midnight in Stockholm: the event's day is the 13th.
    expect(defaultTimelineDay(shifts, null, zone, now)).toBe('2030-07-13');
    expect(defaultTimelineDay(shifts.slice(1, 2), null, zone, now)).toBe('2030-07-01');
    expect(defaultTimelineDay([], '2030-08-01T08:00:00.000Z', zone, now)).toBe('2030-08-01');
    expect(defaultTimelineDay(undefined, null, zone, now)).toBeUndefined();
    const opened = parseSchedulingView(new URLSearchParams('view=timeline'), true, zone, now, '2030-07-13');
    expect(opened.period.start.toISOString()).toBe('2030-07-12T22:00:00.000Z');
    // A date in the URL wins.
    const asked = parseSchedulingView(
      new URLSearchParams('view=timeline&date=2030-07-02'),
      true,
      zone,
      now,
      '2030-07-13',
    );
    expect(asked.period.start.toISOString()).toBe('2030-07-01T22:00:00.000Z');
  });

  it("steps the timeline's period by a day or a week from the event zone's midnights, across the autumn change", () => {
    const zone = 'Europe/Stockholm';
    const week = { span: 'week' as const, start: dayStart('2030-10-21', zone) };
    // The clocks go back on 27 October: the next week starts at midnight CET, 169 hours later.
    const next = stepped(week, 1, zone);
    expect(next.start.toISOString()).toBe('2030-10-27T23:00:00.000Z');
    expect(next.start.getTime() - week.start.getTime()).toBe(169 * 3_600_000);
    expect(toDayKey(stepped(next, -1, zone).start, zone)).toBe('2030-10-21');
    expect(toDayKey(stepped(week, 2, zone).start, zone)).toBe('2030-11-04');
    const day = { span: 'day' as const, start: dayStart('2030-10-27', zone) };
    expect(stepped(day, 1, zone).start.toISOString()).toBe('2030-10-27T23:00:00.000Z');
    expect(stepped(day, -1, zone).start.toISOString()).toBe('2030-10-25T22:00:00.000Z');
  });
});
