import { scoreName } from "~/domain/score";
import { wordClassOf, type WordIndex } from "~/domain/swedish-words";
import type { DatabaseHandle } from "~/server/db/client.server";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";

export type RescoreResult = { checked: number; changed: number };

/**
 * Recomputes every stored score and word class with the current model and
 * dictionary (run after changing app/domain/score.ts, app/domain/swedish-words.ts
 * or the dictionary). Walks the table in name order, a page at a time, and
 * writes only the rows that differ; each page stands alone, so stopping half
 * way is harmless and running it again finishes the job.
 */
export async function rescoreDomains(
  handle: DatabaseHandle,
  options: {
    pageSize?: number;
    onProgress?: (result: RescoreResult) => void;
  } = {},
): Promise<RescoreResult> {
  const pageSize = options.pageSize ?? 5000;
  const dictionary = loadSwedishWordIndex();
  const result: RescoreResult = { checked: 0, changed: 0 };
  let after = "";
  for (;;) {
    const rows = await handle.query<{
      name: string;
      unicode_name: string;
      score: number;
      word_class: number | null;
    }>("select name, unicode_name, score, word_class from domains where name > $1 order by name limit $2", [after, pageSize]);
    if (rows.length === 0) return result;
    after = rows[rows.length - 1].name;
    const changedNames: string[] = [];
    const newScores: number[] = [];
    const newWordClasses: number[] = [];
    for (const row of rows) {
      const score = scoreName(row.unicode_name, dictionary.words);
      const wordClass = wordClassOf(row.unicode_name, dictionary);
      if (score === row.score && wordClass === row.word_class) continue;
      changedNames.push(row.name);
      newScores.push(score);
      newWordClasses.push(wordClass);
    }
    if (changedNames.length > 0) {
      // updated_at stays: a new score model is not news about the name.
      await handle.query(
        `update domains d set score = s.score, word_class = s.word_class
           from unnest($1::text[], $2::int[], $3::int[]) as s(name, score, word_class) where d.name = s.name`,
        [changedNames, newScores, newWordClasses],
      );
    }
    result.checked += rows.length;
    result.changed += changedNames.length;
    options.onProgress?.(result);
  }
}

/**
 * Classifies the names whose word class is not known yet (null): every name
 * stored before migration 0024 added the column, and any row a writer left
 * without it. The app runs this in the background each time it starts
 * (services.server.ts), so an existing database gets its classes without a
 * manual step; once they are all known, the query finds none in the empty
 * partial index domains_word_class_unknown_idx, and the dictionary is not
 * even loaded.
 *
 * A name another transaction holds (an import writing it) is skipped rather
 * than waited for: the fill never holds up an import, nor locks rows in an
 * order that could deadlock with one. A later pass, or the next start,
 * classifies it. `signal` stops the fill between pages (the app stopping).
 */
export async function fillUnknownWordClasses(
  handle: DatabaseHandle,
  options: { pageSize?: number; signal?: AbortSignal } = {},
): Promise<{ filled: number }> {
  const pageSize = options.pageSize ?? 2000;
  let dictionary: WordIndex | null = null;
  let filled = 0;
  // Passes until one fills nothing: a pass skips the names held by others.
  for (;;) {
    let filledThisPass = 0;
    let after = "";
    while (!options.signal?.aborted) {
      const rows = await handle.query<{ name: string; unicode_name: string }>(
        "select name, unicode_name from domains where word_class is null and name > $1 order by name limit $2",
        [after, pageSize],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1].name;
      dictionary ??= loadSwedishWordIndex();
      const names = rows.map((row) => row.name);
      const wordClasses = rows.map((row) => wordClassOf(row.unicode_name, dictionary!));
      const [{ count }] = await handle.query<{ count: number }>(
        `with filled as (
           update domains d set word_class = s.word_class
             from unnest($1::text[], $2::int[]) as s(name, word_class)
            where d.name = s.name
              and d.name in (select name from domains where name = any($1::text[]) and word_class is null for update skip locked)
           returning 1
         )
         select count(*)::int as count from filled`,
        [names, wordClasses],
      );
      filledThisPass += count;
    }
    filled += filledThisPass;
    if (filledThisPass === 0 || options.signal?.aborted) return { filled };
  }
}
