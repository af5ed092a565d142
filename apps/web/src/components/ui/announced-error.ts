/**
 * The slot props that make a text field's error text an alert, read out when a refused submit puts it there (the
 * field keeps it linked through aria-describedby). Only while there is an error: a live helper text would read every
 * keystroke's character count.
 */
export const announcedError = (error: string | undefined) =>
  error ? { formHelperText: { role: 'alert' } as const } : undefined;
