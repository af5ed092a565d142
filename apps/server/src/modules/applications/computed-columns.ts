import { type Answers, type WeekSeparationConfig, weekOfAnswers } from '@funkis/shared';
import { inTransaction } from '../../lib/context.js';
import { parseJsonObject } from '../../lib/json.js';
import { searchTextOf } from './apply.js';
import type { ApplicationsContext } from './operations-context.js';
import * as applicationsRepository from './repository.js';

/**
 * The columns computed from an application and its applicant: the week (from the answers and the event's week
 * separation) and the search text and sort name (from the applicant's name and e-mail).
 */
export function computedColumns(shared: ApplicationsContext) {
  const { context, db } = shared;
  return {
    /**
     * Sets the week of every application of the event from its answers and the week-separation config (null
     * when it is off): rows read once, each distinct new week written in one statement per chunk. Returns how
     * many changed. Call it inside the transaction that changed the config.
     */
    async recomputeWeeks(eventId: number, config: WeekSeparationConfig | null): Promise<number> {
      const rows = await applicationsRepository.listAnswersOfEvent(db, eventId);
      const idsByWeek = new Map<string | null, number[]>();
      for (const row of rows) {
        const week = config ? weekOfAnswers(parseJsonObject<Answers>(row.answers, {}), config) : null;
        if (week === row.week) continue;
        const ids = idsByWeek.get(week) ?? [];
        ids.push(row.id);
        idsByWeek.set(week, ids);
      }
      let changed = 0;
      for (const [week, ids] of idsByWeek) {
        await applicationsRepository.setWeek(db, eventId, ids, week);
        changed += ids.length;
      }
      return changed;
    },

    /**
     * After an applicant's name or e-mail changed: their applications are found by the new ones, not the old,
     * and sort by the new name.
     */
    async refreshApplicant(userId: number): Promise<void> {
      await inTransaction(context, async (tx) => {
        for (const row of await applicationsRepository.applicationsOfUser(tx.db, userId)) {
          const text = searchTextOf(row, parseJsonObject<Answers>(row.answers, {}));
          if (text !== row.search_text) await applicationsRepository.setSearchText(tx.db, row.id, text);
        }
        await applicationsRepository.refreshSortName(tx.db, userId);
      });
    },
  };
}
