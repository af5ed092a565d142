import type { Db } from '../../db/types.js';
import { applyOperations } from './apply.js';
import { computedColumns } from './computed-columns.js';
import { type ApplicationsOptions, applicationsContext } from './operations-context.js';
import { reviewOperations } from './review-operations.js';
import { updateOperations } from './update-operations.js';

export { isTakingApplications, searchTextOf } from './apply.js';
export type { BulkUpdateInput, Reviewer } from './bulk-update.js';
export type { ApplicationsOptions } from './operations-context.js';

/**
 * Applications: apply, the review (list, detail, bulk status and group) and the columns computed from them
 * (week, search text). The one owner of `applications`: a rename, a form or week-separation change reaches those
 * columns through here.
 */
export function applicationsService(db: Db, options: ApplicationsOptions = {}) {
  const context = applicationsContext(db, options);
  return {
    ...applyOperations(context),
    ...computedColumns(context),
    ...reviewOperations(context),
    ...updateOperations(context),
  };
}

export type ApplicationsService = ReturnType<typeof applicationsService>;
