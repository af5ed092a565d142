import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, getCsrfToken, onUnauthorized, setCsrfToken } from '../src/lib/api-client';
import { mockFetch } from './test-utils';

describe('api client', () => {
  it('sends the stored CSRF token and same-origin credentials on every request', async () => {
    setCsrfToken('token-1');
    const { fetchMock, calls } = mockFetch(() => ({ body: { user: { id: 1 } } }));
    await apiClient.get('/me');
    expect(calls[0].url).toBe('/api/me');
    expect(calls[0].headers['x-csrf-token']).toBe('token-1');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('stores the _csrf returned by a successful POST and sends it on the next call', async () => {
    const { calls } = mockFetch(({ url }) =>
      url === '/api/login' ? { body: { success: true, user: { id: 1 }, _csrf: 'fresh' } } : { body: {} },
    );
    await apiClient.post('/login', { email: 'a@b.se', password: 'secret12' });
    expect(getCsrfToken()).toBe('fresh');
    expect(calls[0].headers['content-type']).toBe('application/json');
    expect(calls[0].body).toEqual({ email: 'a@b.se', password: 'secret12' });
    await apiClient.get('/me');
    expect(calls[1].headers['x-csrf-token']).toBe('fresh');
  });

  it('stores the _csrf of a successful DELETE but not of a failed POST', async () => {
    setCsrfToken('old');
    mockFetch(({ method }) =>
      method === 'DELETE'
        ? { body: { success: true, _csrf: 'after-delete' } }
        : { status: 400, body: { success: false, errorMessages: ['No'], _csrf: 'ignored' } },
    );
    await expect(apiClient.post('/change-password', {})).rejects.toBeInstanceOf(ApiError);
    expect(getCsrfToken()).toBe('old');
    await apiClient.delete('/event/1/files/2');
    expect(getCsrfToken()).toBe('after-delete');
  });

  it('keeps the coded errors with their fields, and the English texts beside them', async () => {
    mockFetch(() => ({
      status: 400,
      body: {
        success: false,
        errorMessages: ['The email address is invalid.', 'Password is required.'],
        errors: [
          { code: 'error.emailInvalid', field: 'email' },
          { code: 'error.passwordRequired', field: 'password' },
          { code: 'error.notInTheCatalogue' },
        ],
        fieldErrors: { email: 'The email address is invalid.', password: 'Password is required.' },
      },
    }));
    const error = await apiClient.post('/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      errorMessages: ['The email address is invalid.', 'Password is required.'],
      errors: [
        { code: 'error.emailInvalid', field: 'email' },
        { code: 'error.passwordRequired', field: 'password' },
      ],
    });
    expect((error as ApiError).fieldErrors).toEqual({
      email: { code: 'error.emailInvalid', field: 'email' },
      password: { code: 'error.passwordRequired', field: 'password' },
    });
    expect((error as ApiError).hasCode('error.emailInvalid')).toBe(true);
  });

  it('shows the texts of a server that sends no codes as they are', async () => {
    mockFetch(() => ({ status: 400, body: { success: false, errorMessages: ['Plain text'] } }));
    await expect(apiClient.post('/register', {})).rejects.toMatchObject({ errors: ['Plain text'] });
  });

  it('accepts errorMessages given as one string', async () => {
    mockFetch(() => ({ status: 409, body: { success: false, errorMessages: 'Already exists' } }));
    await expect(apiClient.post('/register', {})).rejects.toMatchObject({
      status: 409,
      errorMessages: ['Already exists'],
    });
  });

  it("falls back to 'Something went wrong' for bodies without messages, non-JSON bodies and network errors", async () => {
    mockFetch(() => ({ status: 500, body: { oops: true } }));
    await expect(apiClient.get('/me')).rejects.toMatchObject({ status: 500, errors: [{ code: 'error.internal' }] });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(apiClient.get('/me')).rejects.toMatchObject({ status: 502, errors: [{ code: 'error.internal' }] });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiClient.get('/me')).rejects.toMatchObject({ status: 0, errorMessages: ['Something went wrong'] });
  });

  it('treats a 200 answer with success:false as a failure', async () => {
    mockFetch(() => ({ body: { success: false, errorMessages: ['Nope'] } }));
    await expect(apiClient.post('/user/update-info', {})).rejects.toMatchObject({ errorMessages: ['Nope'] });
  });

  it('reports a 401 to the auth state, except from the login and current-user calls', async () => {
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    mockFetch(() => ({ status: 401, body: { success: false, errorMessages: ['You must be logged in.'] } }));
    await expect(apiClient.post('/login', {})).rejects.toMatchObject({ status: 401 });
    await expect(apiClient.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
    await expect(apiClient.post('/user/update-info', {})).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('sends FormData as multipart, leaving the content type to the browser', async () => {
    setCsrfToken('token-2');
    const { fetchMock, calls } = mockFetch(() => ({ body: { success: true, _csrf: 'next', user: {} } }));
    const body = new FormData();
    body.append('file', new File(['x'], 'me.png', { type: 'image/png' }));
    await apiClient.post('/user/avatar', body);
    expect(calls[0].headers['content-type']).toBeUndefined();
    expect(calls[0].headers['x-csrf-token']).toBe('token-2');
    expect(fetchMock.mock.calls[0][1]?.body).toBe(body);
    expect(getCsrfToken()).toBe('next');
  });
});
