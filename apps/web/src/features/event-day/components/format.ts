/** "14:05" (or "14:05:09") in the reader's language; in `timeZone` when given (the event's), else the viewer's. */
export const formatTime = (language: string, instant: string | number, withSeconds = false, timeZone?: string) =>
  new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    second: withSeconds ? '2-digit' : undefined,
    timeZone,
  }).format(new Date(instant));
