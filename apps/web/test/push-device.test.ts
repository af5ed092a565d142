import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  base64UrlToUint8Array,
  currentPermission,
  isPushSupported,
  subscriptionInput,
} from '../src/features/account/lib/push-device';

/** Web push on this device (decision 030): the server's key as bytes, and what the server is sent. */
describe('push on this device', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns the base64url public key into its bytes, padded or not', () => {
    expect([...base64UrlToUint8Array('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToUint8Array('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToUint8Array('-_8=')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToUint8Array('AA')]).toEqual([0]);
    // A VAPID public key: an uncompressed P-256 point, 65 bytes starting with 0x04.
    const point = new Uint8Array(65).map((_value, index) => (index === 0 ? 4 : index));
    const encoded = btoa(String.fromCharCode(...point))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(encoded).toHaveLength(87);
    const decoded = base64UrlToUint8Array(encoded);
    expect(decoded).toHaveLength(65);
    expect([...decoded]).toEqual([...point]);
  });

  it('refuses what is not base64url', () => {
    expect(() => base64UrlToUint8Array('a+b/')).toThrow();
    expect(() => base64UrlToUint8Array('abcde')).toThrow();
    expect(() => base64UrlToUint8Array('ab cd')).toThrow();
  });

  it('sends the server the address and keys of a subscription', () => {
    const subscription = {
      endpoint: 'https://push.example.com/abc',
      toJSON: () => ({ endpoint: 'https://push.example.com/abc', keys: { p256dh: 'BBBB', auth: 'AAAA' } }),
    } as unknown as PushSubscription;
    expect(subscriptionInput(subscription)).toEqual({
      endpoint: 'https://push.example.com/abc',
      keys: { p256dh: 'BBBB', auth: 'AAAA' },
    });
  });

  it('says push is unsupported without the Push API (jsdom has none)', () => {
    expect(isPushSupported()).toBe(false);
    expect(currentPermission()).toBe('unsupported');
  });
});
