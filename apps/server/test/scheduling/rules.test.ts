import { describe, expect, it } from 'vitest';
import { type HeldShift, spanClash } from '../../src/modules/scheduling/rules.js';

const held = (id: number, from: string, to: string): HeldShift => ({
  id,
  title: `Shift ${id}`,
  starts_at: `2030-07-03T${from}:00.000Z`,
  ends_at: `2030-07-03T${to}:00.000Z`,
});
const span = (from: string, to: string) => ({
  starts_at: `2030-07-03T${from}:00.000Z`,
  ends_at: `2030-07-03T${to}:00.000Z`,
});

describe('the overlap and minimum-rest rule (assign, move, time change)', () => {
  it('lets shifts touch, and refuses any overlap', () => {
    const others = [held(1, '08:00', '12:00')];
    expect(spanClash(span('12:00', '16:00'), others, 0)).toBeNull();
    expect(spanClash(span('04:00', '08:00'), others, 0)).toBeNull();
    expect(spanClash(span('11:59', '16:00'), others, 0)).toEqual({ rule: 'overlap', other: others[0] });
    expect(spanClash(span('09:00', '10:00'), others, 0)).toEqual({ rule: 'overlap', other: others[0] });
  });

  it('asks for the minimum rest on both sides, exactly that much being enough', () => {
    const others = [held(1, '08:00', '12:00')];
    expect(spanClash(span('13:00', '16:00'), others, 60)).toBeNull();
    expect(spanClash(span('05:00', '07:00'), others, 60)).toBeNull();
    expect(spanClash(span('12:59', '16:00'), others, 60)).toEqual({ rule: 'rest', other: others[0] });
    expect(spanClash(span('05:00', '07:01'), others, 60)).toEqual({ rule: 'rest', other: others[0] });
  });

  it('names the first clashing shift, an overlap before a rest for the same one', () => {
    const others = [held(1, '06:00', '07:30'), held(2, '08:00', '12:00')];
    expect(spanClash(span('08:00', '09:00'), others, 60)).toEqual({ rule: 'rest', other: others[0] });
    expect(spanClash(span('08:00', '09:00'), [...others].reverse(), 60)).toEqual({ rule: 'overlap', other: others[1] });
  });
});
