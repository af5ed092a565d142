import type { ApplicationStatus } from '@funkis/shared';
import type { TFunction } from 'i18next';

export interface AudienceChoice {
  roleLevels: number[];
  groupNames: string[];
  applicationStatuses: ApplicationStatus[];
  /** People chosen by name, added to whoever the criteria name. */
  peopleCount: number;
}

/** "accepted or reserve": choices within one kind widen the audience, so they are joined with "or". */
function orList(language: string, items: string[]): string {
  try {
    return new Intl.ListFormat(language, { type: 'disjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/**
 * Who the receiver choice names, in words: "accepted applicants in Bar", "volunteers in Bar or Kitchen",
 * "accepted applicants who are volunteers, and 2 people chosen by name". Kinds narrow each other (and), as the
 * server resolves them; null when nothing is chosen.
 */
export function describeAudience(t: TFunction, language: string, choice: AudienceChoice): string | null {
  const statuses = choice.applicationStatuses.map((status) => t(`audience.status.${status}`));
  const roles = choice.roleLevels.map((level) => t(`audience.roles.${level}`));
  let who: string | null = null;
  if (statuses.length > 0 && roles.length > 0) {
    who = t('audience.applicantsWhoAre', { statuses: orList(language, statuses), roles: orList(language, roles) });
  } else if (statuses.length > 0) {
    who = t('audience.applicants', { statuses: orList(language, statuses) });
  } else if (roles.length > 0) {
    who = orList(language, roles);
  } else if (choice.groupNames.length > 0) {
    who = t('audience.members');
  }
  if (who !== null && choice.groupNames.length > 0) {
    who = t('audience.inGroups', { who, groups: orList(language, choice.groupNames) });
  }
  if (choice.peopleCount > 0) {
    who =
      who === null
        ? t('audience.onlyChosen', { count: choice.peopleCount })
        : t('audience.plusChosen', { who, count: choice.peopleCount });
  }
  if (who === null) return null;
  return who.charAt(0).toLocaleUpperCase(language) + who.slice(1);
}
