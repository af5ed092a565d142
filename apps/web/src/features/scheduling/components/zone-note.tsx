import { formatOffset, zoneOffsetMinutes } from '@funkis/shared';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEventZone } from './event-zone';
import { viewerTimeZone } from './format';

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
