import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';

export interface TestResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  rawPayload: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read field by field
  json(): any;
}

/** Talks to the app as a browser would: keeps the session cookie and sends the CSRF header it was given. */
export class TestClient {
  cookie: string | null = null;
  csrf: string | null = null;

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: Method,
    url: string,
    body?: unknown,
    options: {
      headers?: Record<string, string>;
      csrf?: string | null;
      payload?: InjectOptions['payload'];
      /**
       * false: the answer is not parsed for its CSRF token (the session's stays as it was), for tests that measure
       * the server's event loop around a request whose answer is megabytes: parsing it is the client's work, not
       * the server's, but it would run on the same thread inside the measurement.
       */
      readAnswer?: boolean;
    } = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (csrf) headers['x-csrf-token'] = csrf;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(options.payload !== undefined
        ? { payload: options.payload }
        : body !== undefined
          ? { payload: body as object }
          : {}),
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(';');
      const [name, value] = pair.split('=');
      if (name === 'funkis_sid') this.cookie = value ? `${name}=${value}` : null;
      if (name === 'funkis_sid' && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookie = null;
    }
    if (
      options.readAnswer !== false &&
      response.statusCode < 300 &&
      response.headers['content-type']?.toString().includes('json')
    ) {
      const parsed = response.json();
      if (parsed && typeof parsed._csrf === 'string' && parsed._csrf) this.csrf = parsed._csrf;
    }
    return response as unknown as TestResponse;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);

  async login(email: string, password: string): Promise<TestResponse> {
    const response = await this.post('/api/login', { email, password });
    if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.body}`);
    return response;
  }
}
