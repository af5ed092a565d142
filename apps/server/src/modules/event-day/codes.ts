import crypto from 'node:crypto';
import { MAX_ID } from '@funkis/shared';
import { safeEqual } from '../../lib/tokens.js';

/** What a member's code names: the event, the membership and the code's version (revoking bumps it). */
export interface CodeParts {
  eventId: number;
  eventUserId: number;
  version: number;
}

/** 22 base64url characters: 132 bits of the HMAC, beyond guessing. */
const MAC_LENGTH = 22;
const CODE_PATTERN = /^F1\.(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{22})$/;

// Its own prefix, so a code's mac is never a valid mac of anything else the secret signs.
const macOf = (secret: string, parts: CodeParts) =>
  crypto
    .createHmac('sha256', secret)
    .update(`member-code:${parts.eventId}.${parts.eventUserId}.${parts.version}`)
    .digest('base64url')
    .slice(0, MAC_LENGTH);

/** The text a member's QR code carries: `F1.<eventId>.<eventUserId>.<version>.<mac>`. */
export function memberCode(secret: string, parts: CodeParts): string {
  return `F1.${parts.eventId}.${parts.eventUserId}.${parts.version}.${macOf(secret, parts)}`;
}

/** The parts of a well-formed code whose mac is right, or null (the version is checked against the stored one apart). */
export function readMemberCode(secret: string, text: string): CodeParts | null {
  const match = CODE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [eventId, eventUserId, version] = [match[1], match[2], match[3]].map(Number);
  if ([eventId, eventUserId, version].some((value) => value < 1 || value > MAX_ID)) return null;
  const parts = { eventId, eventUserId, version };
  return safeEqual(macOf(secret, parts), match[4]) ? parts : null;
}
