import type { CheckInKind } from '@funkis/shared';

/** What the check-in screen sends: who (a code or a membership), what, for the event (no shiftId) or a shift. */
export interface CheckInRequest {
  code?: string;
  eventUserId?: number;
  shiftId?: number | null;
  kind: CheckInKind;
  /** When the scan was made (a scan kept on the phone); the server's now when left out. */
  at?: string;
  /** The scanner's own id of the scan: sent twice, it counts once. */
  clientId?: string;
}
