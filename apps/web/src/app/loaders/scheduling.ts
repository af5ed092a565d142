import { callerOf, isOrganiser } from '@funkis/shared';
import type { QueryClient } from '@tanstack/react-query';
import { contactsQueryOptions } from '../../api/get-contacts';
import { groupsQueryOptions } from '../../api/get-groups';
import { HOURS_FIRST_PAGE_SIZE, hoursQueryOptions, NO_HOURS_FILTERS } from '../../features/scheduling/api/get-hours';
import { assignableMembersQueryOptions } from '../../features/scheduling/api/get-members';
import { offersQueryOptions } from '../../features/scheduling/api/get-offers';
import { notFullShiftsQueryOptions, withoutShiftQueryOptions } from '../../features/scheduling/api/get-open-places';
import { schedulingSettingsQueryOptions } from '../../features/scheduling/api/get-settings';
import { NO_SHIFT_FILTERS, shiftsQueryOptions } from '../../features/scheduling/api/get-shifts';
import { timelineQueryOptions } from '../../features/scheduling/api/get-timeline';
import { defaultTimelineDay, parseSchedulingView, timelineFiltersOf } from '../../features/scheduling/api/view-params';
import { eventScreenLoader } from './event';

/**
 * /event/{id}/scheduling: at once the shift list (unfiltered, which also gives "my shifts"), the scheduling rules,
 * the groups (filter) and the event's contacts (named on the caller's own shifts); once the event is there, what depends on the role and the event's zone: an organiser's
 * member panel, and the view the query string opens (the timeline's period from today or `date` in the event's
 * zone, read by the same function as the screen; open places and hours for organisers).
 */
export const schedulingLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(
    queryClient,
    roles,
    (client, eventId) => [
      client.ensureQueryData(shiftsQueryOptions(eventId, NO_SHIFT_FILTERS)),
      client.ensureQueryData(schedulingSettingsQueryOptions(eventId)),
      client.ensureQueryData(groupsQueryOptions(eventId)),
      // Whom to ask on the day, named on the caller's own shifts.
      client.ensureQueryData(contactsQueryOptions(eventId)),
      // Places offered to take, and my own offers (decision 033).
      client.ensureQueryData(offersQueryOptions(eventId)),
    ],
    (client, eventId, search, detail) => {
      const organiser = isOrganiser(callerOf(detail.eventUser));
      const zone = detail.event.timeZone;
      const { view, period } = parseSchedulingView(search, organiser, zone);
      // Without a date the timeline opens where the shifts are: its period waits for the shift list.
      const timeline = () =>
        search.get('date')
          ? client.ensureQueryData(timelineQueryOptions(eventId, timelineFiltersOf(period, zone)))
          : client.ensureQueryData(shiftsQueryOptions(eventId, NO_SHIFT_FILTERS)).then(({ shifts }) => {
              const opened = parseSchedulingView(
                search,
                organiser,
                zone,
                new Date(),
                defaultTimelineDay(shifts, detail.event.startsAt, zone),
              );
              return client.ensureQueryData(timelineQueryOptions(eventId, timelineFiltersOf(opened.period, zone)));
            });
      return [
        ...(organiser ? [client.ensureQueryData(assignableMembersQueryOptions(eventId, ''))] : []),
        ...(view === 'timeline' ? [timeline()] : []),
        ...(view === 'open'
          ? [
              client.ensureQueryData(notFullShiftsQueryOptions(eventId, 1)),
              client.ensureQueryData(withoutShiftQueryOptions(eventId, 1)),
            ]
          : []),
        ...(view === 'hours'
          ? [client.ensureQueryData(hoursQueryOptions(eventId, NO_HOURS_FILTERS, 1, HOURS_FIRST_PAGE_SIZE))]
          : []),
      ];
    },
  );
