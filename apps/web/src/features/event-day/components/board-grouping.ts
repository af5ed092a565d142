import type { BoardShift } from '@funkis/shared';
import { type BoardState, STATE_ORDER } from '../limits';

export type BoardGrouping = 'location' | 'group';

export interface BoardSection {
  key: string;
  /** The location or the group's name; null for shifts without one (shown last). */
  label: string | null;
  shifts: BoardShift[];
}

/** The board's shifts by location or by group, sections by name (those without one last), shifts by start. */
export function groupBoard(shifts: readonly BoardShift[], by: BoardGrouping, language = 'en'): BoardSection[] {
  const sections = new Map<string, BoardSection>();
  for (const shift of shifts) {
    const label = by === 'location' ? shift.location.trim() || null : (shift.group?.name ?? null);
    const key = by === 'location' ? `location:${label ?? ''}` : `group:${shift.group?.id ?? ''}`;
    const section = sections.get(key) ?? { key, label, shifts: [] };
    section.shifts.push(shift);
    sections.set(key, section);
  }
  const collator = new Intl.Collator(language);
  return [...sections.values()]
    .map((section) => ({
      ...section,
      shifts: [...section.shifts].sort(
        (a, b) => a.startsAt.localeCompare(b.startsAt) || collator.compare(a.title, b.title),
      ),
    }))
    .sort((a, b) =>
      a.label === null ? (b.label === null ? 0 : 1) : b.label === null ? -1 : collator.compare(a.label, b.label),
    );
}

/** How many places of the board's shifts are in each state (a person on two shifts counts on each). */
export function countStates(shifts: readonly BoardShift[]): Record<BoardState, number> {
  const counts = Object.fromEntries(STATE_ORDER.map((state) => [state, 0])) as Record<BoardState, number>;
  for (const shift of shifts) for (const person of shift.people) counts[person.state] += 1;
  return counts;
}
