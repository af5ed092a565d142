import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

/**
 * public/push-sw.js, the push part of the service worker (decision 030), run as the worker runs it: in a context of
 * its own with a `self` that records what it was asked to show and open.
 */
const source = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/push-sw.js'),
  'utf8',
);

type Listener = (event: unknown) => void;

function loadWorker({ windows = [] as { url: string }[], language = 'en-GB' } = {}) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(async () => {});
  const openWindow = vi.fn(async () => null);
  const clients = windows.map(({ url }) => {
    const client = {
      url,
      focus: vi.fn(async () => client),
      navigate: vi.fn(async () => client),
    };
    return client;
  });
  const self = {
    location: new URL('https://funkis.example.org/sw.js'),
    navigator: { language },
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => clients), openWindow },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  vm.runInNewContext(source, { self, URL });

  const waitUntil = async (event: { waited?: Promise<unknown> }) => event.waited;
  return {
    showNotification,
    openWindow,
    clients,
    async push(data: string | null) {
      const event: { waited?: Promise<unknown>; data: unknown; waitUntil: (p: Promise<unknown>) => void } = {
        data:
          data === null
            ? null
            : {
                json: () => JSON.parse(data),
                text: () => data,
              },
        waitUntil(promise) {
          event.waited = promise;
        },
      };
      listeners.get('push')?.(event);
      await waitUntil(event);
    },
    async click(url: unknown) {
      const close = vi.fn();
      const event: { waited?: Promise<unknown>; notification: unknown; waitUntil: (p: Promise<unknown>) => void } = {
        notification: { close, data: { url } },
        waitUntil(promise) {
          event.waited = promise;
        },
      };
      listeners.get('notificationclick')?.(event);
      await waitUntil(event);
      return close;
    },
  };
}

describe('the service worker’s push handling', () => {
  it('shows the payload’s title and body with the icon and the page to open', async () => {
    const worker = loadWorker();
    await worker.push(
      JSON.stringify({
        title: 'Shift soon: Bar',
        body: 'Sat 18:00 – Fest',
        url: '/event/7/scheduling',
        kind: 'shiftReminder',
      }),
    );
    expect(worker.showNotification).toHaveBeenCalledWith('Shift soon: Bar', {
      body: 'Sat 18:00 – Fest',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      tag: 'shiftReminder:/event/7/scheduling',
      data: { url: '/event/7/scheduling', kind: 'shiftReminder' },
    });
  });

  it.each([
    ['an empty message', null],
    ['text that is not JSON', 'not json {'],
    ['JSON without a title', JSON.stringify({ body: '', url: 5 })],
    ['JSON that is not an object', '"just a string"'],
  ])('shows a plain notice for %s', async (_name, data) => {
    const worker = loadWorker();
    await worker.push(data);
    expect(worker.showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = worker.showNotification.mock.calls[0] as unknown as [
      string,
      { body: string; data: object },
    ];
    expect(title).toBe('Funkis');
    expect(options.body).toBe('Open Funkis to see what is new.');
    expect(options.data).toEqual({ url: '/', kind: 'notice' });
  });

  it('writes the plain notice in Swedish for a Swedish browser', async () => {
    const worker = loadWorker({ language: 'sv-SE' });
    await worker.push(null);
    expect(worker.showNotification).toHaveBeenCalledWith(
      'Funkis',
      expect.objectContaining({ body: 'Öppna Funkis för att se vad som är nytt.' }),
    );
  });

  it('never keeps a foreign address from a payload', async () => {
    const worker = loadWorker();
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      await worker.push(JSON.stringify({ title: 'Hi', body: '', url, kind: 'coverRequest' }));
    }
    for (const call of worker.showNotification.mock.calls as unknown as [string, { data: { url: string } }][]) {
      expect(call[1].data.url).toBe('/');
    }
  });

  it('on a click, closes the notice and sends an open window of the app to its page', async () => {
    const worker = loadWorker({ windows: [{ url: 'https://funkis.example.org/account' }] });
    const close = await worker.click('/event/7/scheduling?day=2');
    expect(close).toHaveBeenCalled();
    const [client] = worker.clients;
    expect(client?.focus).toHaveBeenCalled();
    expect(client?.navigate).toHaveBeenCalledWith('https://funkis.example.org/event/7/scheduling?day=2');
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('on a click with no window of the app, opens one; a foreign address opens the app’s home instead', async () => {
    const worker = loadWorker({ windows: [{ url: 'https://elsewhere.example/' }] });
    await worker.click('/event/7');
    expect(worker.openWindow).toHaveBeenLastCalledWith('https://funkis.example.org/event/7');
    await worker.click('https://evil.example/phish');
    expect(worker.openWindow).toHaveBeenLastCalledWith('https://funkis.example.org/');
    await worker.click(undefined);
    expect(worker.openWindow).toHaveBeenLastCalledWith('https://funkis.example.org/');
  });

  it('opens a window when the open one cannot be sent elsewhere', async () => {
    const worker = loadWorker({ windows: [{ url: 'https://funkis.example.org/' }] });
    const [client] = worker.clients;
    client?.navigate.mockRejectedValueOnce(new TypeError('not controlled'));
    await worker.click('/account');
    expect(worker.openWindow).toHaveBeenCalledWith('https://funkis.example.org/account');
  });
});
