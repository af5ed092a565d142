import { type MessageKey, messageText } from '@funkis/shared';

/** An error whose status and message the client may see. Anything else becomes a masked 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorMessages: string[],
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(errorMessages[0] ?? 'HTTP error');
  }
}

const text = (keyOrText: MessageKey | string) => messageText(keyOrText);

export const badRequest = (message: MessageKey | string = 'error.badRequest', fieldErrors?: Record<string, string>) =>
  new HttpError(400, [text(message)], fieldErrors);
export const unauthorized = (message: MessageKey | string = 'error.notLoggedIn') => new HttpError(401, [text(message)]);
export const forbidden = (message: MessageKey | string = 'error.forbidden') => new HttpError(403, [text(message)]);
export const notFound = (message: MessageKey | string = 'error.notFound') => new HttpError(404, [text(message)]);
export const conflict = (message: MessageKey | string) => new HttpError(409, [text(message)]);

/** A field-level failure: 400 with the message both in the list and under the field's name. */
export function fieldError(field: string, message: MessageKey | string, status = 400): HttpError {
  return new HttpError(status, [text(message)], { [field]: text(message) });
}
