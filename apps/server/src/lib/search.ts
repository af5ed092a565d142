import { type Expression, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../db/dialect.js';
import type { Db } from '../db/types.js';

/**
 * The one way lists search text (members and applications): the term lower-cased by JavaScript (every
 * alphabet), the column lower-cased by the database, compared with `LIKE '%term%' ESCAPE '\'`.
 */

/** `%term%` for LIKE, with the wildcards of the term itself escaped (ESCAPE '\' in the query). */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** SQLite's lower() folds only ASCII; these capitals (Latin-1: Å, Ä, Ö, É, Ø, …) are folded by hand there. */
const LATIN_CAPITALS = [...'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ'];

/** The column lower-cased as JavaScript would for the names people have (PostgreSQL's lower() does it all). */
export function foldedLower(db: Db, expression: Expression<unknown>): RawBuilder<string> {
  return dialectOf(db) === 'postgres'
    ? sql<string>`lower(${expression})`
    : LATIN_CAPITALS.reduce<RawBuilder<string>>(
        (inner, capital) => sql<string>`replace(${inner}, ${sql.lit(capital)}, ${sql.lit(capital.toLowerCase())})`,
        sql<string>`lower(${expression})`,
      );
}

/** `column contains term`, case-insensitively. */
export function containsText(db: Db, expression: Expression<unknown>, term: string) {
  return sql<boolean>`${foldedLower(db, expression)} like ${containsPattern(term)} escape '\\'`;
}
