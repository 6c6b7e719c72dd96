import { scoreName } from "~/domain/score";
import type { DatabaseHandle } from "~/server/db/client.server";
import { loadSwedishWords } from "~/server/scoring/swedish-words.server";

export type RescoreResult = { checked: number; changed: number };

/**
 * Recomputes every stored score with the current model (run after changing
 * app/domain/score.ts). Walks the table in name order, a page at a time, and
 * writes only the scores that differ; each page stands alone, so stopping half
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
  const words = loadSwedishWords();
  const result: RescoreResult = { checked: 0, changed: 0 };
  let after = "";
  for (;;) {
    const rows = await handle.query<{
      name: string;
      unicode_name: string;
      score: number;
    }>("select name, unicode_name, score from domains where name > $1 order by name limit $2", [after, pageSize]);
    if (rows.length === 0) return result;
    after = rows[rows.length - 1].name;
    const changedNames: string[] = [];
    const newScores: number[] = [];
    for (const row of rows) {
      const score = scoreName(row.unicode_name, words);
      if (score === row.score) continue;
      changedNames.push(row.name);
      newScores.push(score);
    }
    if (changedNames.length > 0) {
      // updated_at stays: a new score model is not news about the name.
      await handle.query(
        "update domains d set score = s.score from unnest($1::text[], $2::int[]) as s(name, score) where d.name = s.name",
        [changedNames, newScores],
      );
    }
    result.checked += rows.length;
    result.changed += changedNames.length;
    options.onProgress?.(result);
  }
}
