import { UI } from '@funkis/shared';
import { API_BASE_URL } from '../config/settings';

/**
 * The one fetch wrapper of the web app: JSON in and out, the session cookie, the CSRF token
 * (sent on every request, replaced after every successful POST or DELETE), and every failure
 * normalised into an ApiError.
 */

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';

export class ApiError extends Error {
  readonly status: number;
  readonly errorMessages: string[];
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, errorMessages: string[], fieldErrors: Record<string, string> = {}) {
    super(errorMessages[0] ?? DEFAULT_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.errorMessages = errorMessages;
    this.fieldErrors = fieldErrors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The messages of any error, as shown under a form. */
export function errorMessagesOf(error: unknown): string[] {
  return isApiError(error) ? error.errorMessages : [DEFAULT_ERROR_MESSAGE];
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

/** Turns any failure body into an ApiError: `errorMessages` may be a list or one string. */
export function toApiError(status: number, body: unknown): ApiError {
  let errorMessages: string[] = [];
  const fieldErrors: Record<string, string> = {};
  if (isRecord(body)) {
    const given = body.errorMessages;
    if (typeof given === 'string' && given.trim()) errorMessages = [given];
    else if (Array.isArray(given))
      errorMessages = given.filter((m): m is string => typeof m === 'string' && !!m.trim());
    if (isRecord(body.fieldErrors)) {
      for (const [field, message] of Object.entries(body.fieldErrors)) {
        if (typeof message === 'string') fieldErrors[field] = message;
      }
    }
  }
  if (errorMessages.length === 0) errorMessages = [DEFAULT_ERROR_MESSAGE];
  return new ApiError(status, errorMessages, fieldErrors);
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
    throw new ApiError(0, [DEFAULT_ERROR_MESSAGE]);
  }

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
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
