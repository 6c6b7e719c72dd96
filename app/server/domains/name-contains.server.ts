import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { NAME_CHAR_BITS } from "~/domain/name-chars";
import { domains } from "~/server/db/schema/index.server";

// "Name contains the term" on the Unicode form or the ACE form, so "räk" and
// "rksm" both find räksmörgås.se. `term` is already normalised
// (normalizeSearchTerm): lower case, NFC; names are stored lower case (the
// ACE key by constraint, the Unicode form by toUnicode). strpos has no
// wildcards, so "%" and "_" are matched literally. The public searches find
// their candidates through the search keys first (search.server.ts); these
// are the exact tests.


/**
 * The columns holding a name's two forms, and where known its character
 * classes: the table's, or the same columns of a subquery over it.
 */
export type NameFormColumns = Record<"name" | "unicodeName", AnyPgColumn | SQL> & { nameChars?: AnyPgColumn };

// Only the two forms: public searches also run this on subqueries that select just those.
const NAME_FORMS: NameFormColumns = { name: domains.name, unicodeName: domains.unicodeName };

/**
 * The substring test itself, on both forms of the name. The ACE form is
 * tested only where it can add a match: it is plain ASCII, so never for a
 * term with other characters, and it differs from the Unicode form only for
 * an IDN name (name_chars' nonLatin bit: the name starts with "xn--"). A
 * backoffice walk tests this on every entry it passes, and the second strpos
 * was a third of its cost.
 */
export function nameContainsFilter(term: string, columns: NameFormColumns = NAME_FORMS): SQL {
  const inUnicodeForm = sql`strpos(${columns.unicodeName}, ${term}) > 0`;
  if (/\P{ASCII}/u.test(term)) return inUnicodeForm;
  const inAceForm = columns.nameChars
    ? sql`((${columns.nameChars} & ${sql.raw(String(NAME_CHAR_BITS.nonLatin))}) <> 0 and strpos(${columns.name}, ${term}) > 0)`
    : sql`strpos(${columns.name}, ${term}) > 0`;
  return sql`(${inUnicodeForm} or ${inAceForm})`;
}

/**
 * The public searches' test: `term` in the name's label, the part before the
 * TLD, in either form, so "se" does not find every .se name through its TLD
 * (the backoffice keeps nameContainsFilter, the whole name). A term with a
 * dot reaches past the label on purpose ("hund.s"): it is tested on the
 * whole name. For a term without one the two tests differ only for "se" and
 * "nu", the only terms a TLD alone can hold.
 */
export function labelContainsFilter(term: string): SQL {
  if (term.includes(".")) return nameContainsFilter(term);
  const label = (column: AnyPgColumn) => sql`split_part(${column}, '.', 1)`;
  return nameContainsFilter(term, { name: label(domains.name), unicodeName: label(domains.unicodeName) });
}
