import { type CodedMessage, type MessageKey, type MessageParams, messageText } from '@funkis/shared';

/**
 * An error whose status and messages the client may see. Each message is a key of the shared catalogue with
 * its parameters (`errors`), sent with its English text (`errorMessages`); a message about one field of the
 * payload also names the field (`fieldErrors`). Anything that is not an HttpError becomes a masked 500.
 */
export class HttpError extends Error {
  readonly errors: CodedMessage[];
  /** English texts, one per entry of `errors` unless given (a form's summary, the apply page's labelled texts). */
  readonly errorMessages: string[];
  readonly headers?: Record<string, string>;
  constructor(
    readonly statusCode: number,
    errors: CodedMessage | CodedMessage[],
    options: { texts?: string[]; headers?: Record<string, string> } = {},
  ) {
    const list = Array.isArray(errors) ? errors : [errors];
    const texts = options.texts ?? list.map((error) => messageText(error.code, error.params));
    super(texts[0] ?? 'HTTP error');
    this.errors = list;
    this.errorMessages = texts;
    this.headers = options.headers;
  }

  /** English text per field, for the envelope's `fieldErrors`. */
  get fieldErrors(): Record<string, string> | undefined {
    const fields: Record<string, string> = {};
    for (const error of this.errors) {
      if (error.field && !(error.field in fields)) fields[error.field] = messageText(error.code, error.params);
    }
    return Object.keys(fields).length > 0 ? fields : undefined;
  }
}

const coded = (code: MessageKey, params?: MessageParams): CodedMessage => (params ? { code, params } : { code });

export const badRequest = (code: MessageKey = 'error.badRequest', params?: MessageParams) =>
  new HttpError(400, coded(code, params));
export const unauthorized = (code: MessageKey = 'error.notLoggedIn') => new HttpError(401, coded(code));
export const forbidden = (code: MessageKey = 'error.forbidden') => new HttpError(403, coded(code));
export const notFound = (code: MessageKey = 'error.notFound') => new HttpError(404, coded(code));
export const conflict = (code: MessageKey, params?: MessageParams) => new HttpError(409, coded(code, params));
export const tooLarge = (code: MessageKey = 'error.payloadTooLarge', params?: MessageParams, field?: string) =>
  new HttpError(413, { ...coded(code, params), ...(field ? { field } : {}) });
export const unsupportedType = (code: MessageKey = 'error.unsupportedType', params?: MessageParams, field?: string) =>
  new HttpError(415, { ...coded(code, params), ...(field ? { field } : {}) });

/** A failure of one field: the message in the list and under the field's name. */
export function fieldError(field: string, code: MessageKey, params?: MessageParams, status = 400): HttpError {
  return new HttpError(status, { ...coded(code, params), field });
}

/**
 * Several field failures at once (a form's questions), each under its field. The shared validation gives keys
 * with parameters only; the English texts are made here. With a summary, the English list is the summary alone,
 * as the spec answers (the fields' texts are in `fieldErrors`); `errors` has them all. With labels (the apply
 * page's questions), each text of the list starts with its field's label (`Phone: The phone number is invalid…`),
 * or the field's name when its label is empty.
 */
export function fieldErrors(
  status: number,
  issues: Record<string, { key: MessageKey; params?: MessageParams }>,
  options: { summary?: MessageKey; labels?: ReadonlyMap<string, string> } = {},
): HttpError {
  const errors: CodedMessage[] = Object.entries(issues).map(([field, issue]) => ({
    ...coded(issue.key, issue.params),
    field,
  }));
  const { summary, labels } = options;
  const texts = summary
    ? [messageText(summary)]
    : labels
      ? errors.map(
          (error) => `${labels.get(error.field ?? '') || error.field}: ${messageText(error.code, error.params)}`,
        )
      : undefined;
  if (summary) errors.unshift({ code: summary });
  return new HttpError(status, errors, { texts });
}
