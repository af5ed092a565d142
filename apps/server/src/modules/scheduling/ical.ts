/**
 * iCalendar (RFC 5545) output of shifts. Times are written in UTC (`…Z`), which every calendar shows in the
 * reader's zone and which stays right across daylight-saving changes; the event time zone setting
 * (issue 16) is not written as a VTIMEZONE yet.
 */
export interface CalendarShift {
  id: number;
  eventId: number;
  eventName: string;
  title: string;
  description: string;
  location: string;
  startsAt: string;
  endsAt: string;
  createdAt: string;
}

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Escapes TEXT values: backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Folds content lines longer than 75 octets (RFC 5545 3.1), never splitting a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function toICalendar(calendarName: string, shifts: CalendarShift[], host: string, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Funkis//Shift scheduling//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(calendarName)}`,
  ];
  for (const shift of shifts) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:shift-${shift.id}@${host}`,
      `DTSTAMP:${stamp(now.toISOString())}`,
      `CREATED:${stamp(shift.createdAt)}`,
      `DTSTART:${stamp(shift.startsAt)}`,
      `DTEND:${stamp(shift.endsAt)}`,
      `SUMMARY:${text(`${shift.title} (${shift.eventName})`)}`,
    );
    if (shift.location) lines.push(`LOCATION:${text(shift.location)}`);
    if (shift.description) lines.push(`DESCRIPTION:${text(shift.description)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
