import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind, PUSH_LIMITS } from './constants.js';

/**
 * Web push (decision 030): a device subscribes with the address its browser's push service gave it and the keys the
 * messages are encrypted for (RFC 8291); each person chooses per kind of notice whether it may come by push.
 */

/**
 * An https address without credentials, in printable ASCII, within PUSH_LIMITS.ENDPOINT_MAXIMUM characters. Plain http is refused even
 * on this machine: push services speak only https (RFC 8030), and so does the server's sender.
 */
export function isPushEndpoint(value: string): boolean {
  // Printable ASCII only, as push services write them: the unique index then holds at most 2,000 bytes.
  if (value.length > PUSH_LIMITS.ENDPOINT_MAXIMUM || !/^[\x21-\x7e]+$/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:';
}

/** Unpadded base64url characters for `bytes` bytes, with the padding a browser may add. */
const base64url = (bytes: number, first = '[A-Za-z0-9_-]') => {
  const characters = Math.ceil((bytes * 4) / 3);
  const padding = (4 - (characters % 4)) % 4;
  return new RegExp(`^${first}[A-Za-z0-9_-]{${characters - 1}}={0,${padding}}$`);
};

/** The browser's P-256 public key, uncompressed (its first byte 0x04 makes the first character `B`). */
const p256dhPattern = base64url(PUSH_LIMITS.P256DH_BYTES, 'B');
const authPattern = base64url(PUSH_LIMITS.AUTH_BYTES);

const endpointField = z
  .string({ error: 'push.endpointInvalid' })
  .max(PUSH_LIMITS.ENDPOINT_MAXIMUM, { error: 'push.endpointInvalid' })
  .refine(isPushEndpoint, { error: 'push.endpointInvalid' });

/** GET /push/public-key: the server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** POST /push/subscriptions: what `PushSubscription.toJSON()` gives (other fields are ignored). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointField,
  keys: z.object(
    {
      p256dh: z.string({ error: 'push.keyInvalid' }).regex(p256dhPattern, { error: 'push.keyInvalid' }),
      auth: z.string({ error: 'push.keyInvalid' }).regex(authPattern, { error: 'push.keyInvalid' }),
    },
    { error: 'push.keyInvalid' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /push/subscriptions: the device to stop. */
export const pushUnsubscribeInputSchema = z.object({ endpoint: endpointField });
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInputSchema>;

/** How one kind of notice reaches the person: by push (else by e-mail). */
export const notificationChannelsSchema = z.object({ push: z.boolean({ error: 'error.invalid' }) });
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** GET /account/notifications: every kind with its channels. */
export const notificationSettingsSchema = z.object({
  notifications: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, notificationChannelsSchema])) as Record<
      NotificationKind,
      typeof notificationChannelsSchema
    >,
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** POST /account/notifications: the kinds to change; those left out stay as they are. */
export const notificationSettingsInputSchema = z.object({
  notifications: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, notificationChannelsSchema.optional()])) as Record<
      NotificationKind,
      z.ZodOptional<typeof notificationChannelsSchema>
    >,
  ),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

/** What the service worker receives: texts in the receiver's language and the app path to open. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  kind: NotificationKind | 'test';
}
