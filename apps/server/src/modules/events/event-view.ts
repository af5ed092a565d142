import { type Event, runtimeTimeZone, type WeekSeparationConfig } from '@funkis/shared';
import type { EventRow } from '../../db/types.js';
import { eventAvatarUrl } from '../../lib/avatar-urls.js';
import { parseJson } from '../../lib/json.js';

/**
 * An event as the API answers it, from its row (the repository reads rows; routes and service answer with this).
 * `week`: the parsed week settings when the caller has them (parsed from the row otherwise).
 */
export function toEvent(row: EventRow, week = parseWeekConfig(row.week_separation_config)): Event {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    avatarUrl: eventAvatarUrl(row.id, row.avatar),
    status: row.status as Event['status'],
    applicationsOpen: row.applications_open === 1,
    useWeekSeparation: row.use_week_separation === 1,
    weekSeparationConfig: week,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timeZone: row.time_zone ?? runtimeTimeZone(),
  };
}

export function parseWeekConfig(text: string | null): WeekSeparationConfig | null {
  return parseJson<WeekSeparationConfig | null>(text, null);
}
