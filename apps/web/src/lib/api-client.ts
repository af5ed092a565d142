import { type CodedMessage, UI } from '@funkis/shared';
import { API_BASE_URL } from '../config/settings';
import { isMessageKey } from './i18n';

/**
 * The one fetch wrapper of the web app: JSON in and out, the session cookie, the CSRF token
 * (sent on every request, replaced after every successful POST or DELETE), and every failure
 * normalised into an ApiError.
 */

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';

/**
 * A message to show: a coded message of the catalogue (translated by key), or a text to show as it is (a
 * server that sent no codes). `translateMessage` (lib/i18n) turns either into the user's language.
 */
export type ErrorMessage = CodedMessage | string;

const INTERNAL: CodedMessage = { code: 'error.internal' };

export class ApiError extends Error {
  readonly status: number;
  /** The failure as coded messages, in the order of the server's list. */
  readonly errors: ErrorMessage[];
  /** English texts as the server sent them: for logs and clients without translations. */
  readonly errorMessages: string[];

  constructor(status: number, errors: ErrorMessage[], errorMessages: string[] = []) {
    super(errorMessages[0] ?? DEFAULT_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors.length > 0 ? errors : [INTERNAL];
    this.errorMessages = errorMessages;
  }

  /** The messages that belong to one field of the payload, by field name (first one each). */
  get fieldErrors(): Record<string, CodedMessage> {
    const fields: Record<string, CodedMessage> = {};
    for (const error of this.errors) {
      if (typeof error !== 'string' && error.field && !(error.field in fields)) fields[error.field] = error;
    }
    return fields;
  }

  hasCode(code: CodedMessage['code']): boolean {
    return this.errors.some((error) => typeof error !== 'string' && error.code === code);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The messages of any error, as shown under a form (translate each with `translateMessage`). */
export function errorMessagesOf(error: unknown): ErrorMessage[] {
  return isApiError(error) ? error.errors : [INTERNAL];
}

// --- CSRF token (spec section 7: kept in localStorage, sent as x-csrf-token) ---

export function getCsrfToken(): string | null {
  try {
    return window.localStorage.getItem(UI.CSRF_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setCsrfToken(token: string): void {
  try {
    window.localStorage.setItem(UI.CSRF_STORAGE_KEY, token);
  } catch {
    // Blocked storage: the token then lives only as long as this page.
  }
}

export function clearCsrfToken(): void {
  try {
    window.localStorage.removeItem(UI.CSRF_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

// --- 401 handling: the auth state subscribes, the login gate then shows the login page ---

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called on a 401 from any call except the login and current-user calls, whose 401 is an expected answer. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

const UNAUTHORIZED_EXEMPT_PATHS = new Set(['/login', '/me']);

// --- Reachability: a failed connection or a 503 says the server (or its database) cannot be reached ---

type ReachabilityListener = (reachable: boolean) => void;
const reachabilityListeners = new Set<ReachabilityListener>();
let lastReachable = true;

/** Called with false when a request could not reach the server (network, 503), with true when one could again. */
export function onReachabilityChange(listener: ReachabilityListener): () => void {
  reachabilityListeners.add(listener);
  return () => {
    reachabilityListeners.delete(listener);
  };
}

export function reportReachable(reachable: boolean): void {
  if (reachable === lastReachable) return;
  lastReachable = reachable;
  for (const listener of reachabilityListeners) listener(reachable);
}

export const isServerReachable = () => lastReachable;

/** True for a failure that a retry may fix: no connection at all (status 0) or 503 (database away, overload). */
export function isUnreachableError(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 503);
}

// --- Requests ---

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE_URL}${path}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isCoded = (value: unknown): value is CodedMessage =>
  isRecord(value) && typeof value.code === 'string' && isMessageKey(value.code);

/**
 * Turns any failure body into an ApiError: the coded `errors` when the server sent them, else `errorMessages`
 * (a list or one string) as texts, else 'Something went wrong'.
 */
export function toApiError(status: number, body: unknown): ApiError {
  let texts: string[] = [];
  let errors: ErrorMessage[] = [];
  if (isRecord(body)) {
    const given = body.errorMessages;
    if (typeof given === 'string' && given.trim()) texts = [given];
    else if (Array.isArray(given)) texts = given.filter((m): m is string => typeof m === 'string' && !!m.trim());
    if (Array.isArray(body.errors)) errors = body.errors.filter(isCoded);
    // The apply page's texts name the question ("Phone: …"): shown per field, so the list keeps the codes.
    if (errors.length === 0) errors = texts;
  }
  return new ApiError(status, errors, texts);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getCsrfToken();
  if (token) headers['x-csrf-token'] = token;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportReachable(false);
    const code = typeof navigator !== 'undefined' && navigator.onLine === false ? 'error.offline' : 'error.unavailable';
    throw new ApiError(0, [{ code }], [DEFAULT_ERROR_MESSAGE]);
  }
  reportReachable(response.status !== 503);

  const data = await readBody(response);
  const failed = !response.ok || (isRecord(data) && data.success === false);
  if (failed) {
    const status = response.ok ? 400 : response.status;
    if (status === 401 && !UNAUTHORIZED_EXEMPT_PATHS.has(path)) {
      for (const listener of unauthorizedListeners) listener();
    }
    throw toApiError(status, data);
  }

  if (method !== 'GET' && isRecord(data) && typeof data._csrf === 'string' && data._csrf) {
    setCsrfToken(data._csrf);
  }
  return data as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  /** `options.body`: the few DELETEs that say what to remove in a body (a push subscription's address). */
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
