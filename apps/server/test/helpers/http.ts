/** A browser-like client over real HTTP (for server processes): keeps the session cookie and the CSRF token. */
export class HttpClient {
  cookie: string | null = null;
  csrf: string | null = null;

  async request(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const sent: Record<string, string> = { ...headers };
    if (this.cookie) sent.cookie = this.cookie;
    if (this.csrf) sent['x-csrf-token'] = this.csrf;
    let payload: string | Uint8Array | undefined;
    if (body instanceof Buffer) payload = new Uint8Array(body);
    else if (body !== undefined) {
      sent['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${url}`, { method, headers: sent, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (pair?.startsWith('funkis_sid=')) this.cookie = pair;
    }
    const buffer = Buffer.from(await response.arrayBuffer());
    const text = buffer.toString('utf8');
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are read field by field
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    if (response.ok && json && typeof json._csrf === 'string') this.csrf = json._csrf;
    return { status: response.status, headers: response.headers, json, text, buffer };
  }
}
