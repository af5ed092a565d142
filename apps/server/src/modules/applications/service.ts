import type { ServerContext } from '../../lib/context.js';
import { applyOperations } from './apply.js';
import { computedColumns } from './computed-columns.js';
import { applicationsContext } from './operations-context.js';
import { reviewOperations } from './review-operations.js';
import { updateOperations } from './update-operations.js';

export { isTakingApplications, searchTextOf } from './apply.js';
export type { BulkUpdateInput, Reviewer } from './bulk-update.js';

/**
 * Applications: apply, the review (list, detail, bulk status and group) and the columns computed from them
 * (week, search text). The one owner of `applications`: a rename, a form or week-separation change reaches those
 * columns through here.
 */
export function applicationsService(context: ServerContext) {
  const shared = applicationsContext(context);
  return {
    ...applyOperations(shared),
    ...computedColumns(shared),
    ...reviewOperations(shared),
    ...updateOperations(shared),
  };
}

export type ApplicationsService = ReturnType<typeof applicationsService>;
