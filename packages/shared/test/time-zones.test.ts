import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  formatOffset,
  instantOfZonedInput,
  isSupportedTimeZone,
  shiftByDays,
  timeZoneField,
  zonedDateKey,
  zonedInputValue,
  zonedToInstant,
  zoneOffsetMinutes,
} from '../src/time-zones.js';

describe('time zones', () => {
  it('accepts the IANA names Intl knows, and nothing else', () => {
    expect(isSupportedTimeZone('Europe/Stockholm')).toBe(true);
    expect(isSupportedTimeZone('UTC')).toBe(true);
    for (const wrong of ['europe/stockholm', 'Mars/Base', '', 'Europe/Stockholm ']) {
      expect(isSupportedTimeZone(wrong), wrong).toBe(false);
      expect(timeZoneField.safeParse(wrong).error?.issues[0].message).toBe('error.timeZoneUnknown');
    }
  });

  it('converts wall-clock times and instants across daylight-saving changes', () => {
    const zone = 'Europe/Stockholm';
    expect(zoneOffsetMinutes('2030-01-15T12:00:00Z', zone)).toBe(60);
    expect(zoneOffsetMinutes('2030-07-15T12:00:00Z', zone)).toBe(120);
    expect(zoneOffsetMinutes('2030-07-15T12:00:00Z', 'America/St_Johns')).toBe(-150);
    expect(zonedToInstant({ year: 2030, month: 7, day: 3, hour: 8, minute: 0 }, zone).toISOString()).toBe(
      '2030-07-03T06:00:00.000Z',
    );
    // 02:30 does not exist on 31 March 2030 (clocks jump 02:00 → 03:00): it is moved forward by the gap.
    expect(zonedToInstant({ year: 2030, month: 3, day: 31, hour: 2, minute: 30 }, zone).toISOString()).toBe(
      '2030-03-31T01:30:00.000Z',
    );
    // 02:30 happens twice on 27 October 2030: the first.
    expect(zonedToInstant({ year: 2030, month: 10, day: 27, hour: 2, minute: 30 }, zone).toISOString()).toBe(
      '2030-10-27T00:30:00.000Z',
    );
    expect(shiftByDays('2030-03-30T07:00:00Z', 1, zone).toISOString()).toBe('2030-03-31T06:00:00.000Z');
    expect(zonedDateKey('2030-03-29T23:30:00Z', zone)).toBe('2030-03-30');
    expect(zonedInputValue('2030-07-03T06:00:00Z', zone)).toBe('2030-07-03T08:00');
    expect(instantOfZonedInput('2030-07-03T08:00', zone).toISOString()).toBe('2030-07-03T06:00:00.000Z');
    expect(daysBetween('2030-03-30', '2030-04-01')).toBe(2);
    expect(formatOffset(-150)).toBe('-02:30');
    expect(formatOffset(120)).toBe('+02:00');
  });
});
