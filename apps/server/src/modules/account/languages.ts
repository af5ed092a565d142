import type { Db } from '../../db/types.js';
import type { MailLanguage } from '../../lib/language.js';
import * as accountRepository from './repository.js';

/** The mail language of each user (English unless they last used Swedish): for mail other modules write. */
export async function mailLanguagesOf(db: Db, userIds: readonly number[]): Promise<Map<number, MailLanguage>> {
  const stored = await accountRepository.languagesOf(db, userIds);
  return new Map(userIds.map((id) => [id, stored.get(id) === 'sv' ? 'sv' : 'en']));
}
