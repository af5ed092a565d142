import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShiftTime, offsetNote } from './format';

/**
 * The event's time zone on the scheduling screen: every shift time is shown in it. Provided once by
 * the page; components read it with `useEventZone()` (undefined outside the page: the viewer's zone).
 */
const EventZoneContext = createContext<string | undefined>(undefined);
export const EventZoneProvider = EventZoneContext.Provider;
export const useEventZone = (): string | undefined => useContext(EventZoneContext);

/** A shift's time in the event's zone, with the zone's offset when the viewer's differs. */
export function useShiftTime() {
  // The language only: no namespace, so screens outside scheduling (wish rounds) load no scheduling texts for it.
  const { i18n } = useTranslation();
  const zone = useEventZone();
  return (startsAt: string, endsAt: string) =>
    `${formatShiftTime(i18n.language, startsAt, endsAt, zone)}${offsetNote(startsAt, zone)}`;
}
