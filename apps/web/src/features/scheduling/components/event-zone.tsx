import { formatOffset, zoneOffsetMinutes } from '@funkis/shared';
import Typography from '@mui/material/Typography';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShiftTime, offsetNote, viewerTimeZone } from './format';

/**
 * The event's time zone on the scheduling screen: every shift time is shown in it. Provided once by
 * the page; components read it with `useEventZone()` (undefined outside the page: the viewer's zone).
 */
const EventZoneContext = createContext<string | undefined>(undefined);
export const EventZoneProvider = EventZoneContext.Provider;
export const useEventZone = (): string | undefined => useContext(EventZoneContext);

/** A shift's time in the event's zone, with the zone's offset when the viewer's differs. */
export function useShiftTime() {
  const { i18n } = useTranslation('scheduling');
  const zone = useEventZone();
  return (startsAt: string, endsAt: string) =>
    `${formatShiftTime(i18n.language, startsAt, endsAt, zone)}${offsetNote(startsAt, zone)}`;
}

/** "Times are in Europe/Stockholm (UTC+02:00); yours is …" when the viewer is elsewhere; the zone otherwise. */
export function ZoneNote() {
  const { t } = useTranslation('scheduling');
  const zone = useEventZone();
  if (!zone) return null;
  const now = new Date().toISOString();
  const offset = `UTC${formatOffset(zoneOffsetMinutes(now, zone))}`;
  const viewer = viewerTimeZone();
  const differs = zoneOffsetMinutes(now, zone) !== zoneOffsetMinutes(now, viewer);
  return (
    // dir="auto": the sentence keeps its own direction in a right-to-left page (its full stop at its end).
    <Typography variant="body2" color="text.secondary" data-testid="zone-note" dir="auto">
      {differs ? t('zone.differs', { zone, offset, viewer }) : t('zone.same', { zone })}
    </Typography>
  );
}
