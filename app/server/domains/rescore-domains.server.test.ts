import { expect, it } from "vitest";
import { scoreName } from "~/domain/score";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { loadSwedishWords } from "~/server/scoring/swedish-words.server";
import { rescoreDomains } from "./rescore-domains.server";

describeEachEngine("rescoreDomains", ({ handle }) => {
  it("recomputes every score page by page, writes only the ones that differ, and leaves updated_at alone", async () => {
    const names = ["hund.se", "räksmörgås.se", "h4-x9q.nu", "kaffe.nu", "solros.se", "xqzv.se", "a.se"];
    const words = loadSwedishWords();
    await createDomains(
      handle().db,
      names.map((name, index) => ({ name, score: index === 0 ? scoreName(name, words) : 0, updatedAt: new Date("2030-01-01T00:00:00Z") })),
    );
    const progress: number[] = [];
    const result = await rescoreDomains(handle(), { pageSize: 3, onProgress: (done) => progress.push(done.checked) });
    expect(result).toEqual({ checked: 7, changed: names.filter((name, index) => index > 0 && scoreName(name, words) !== 0).length });
    expect(progress).toEqual([3, 6, 7]);

    const rows = await handle().query<{ unicode_name: string; score: number; updated_at: Date }>(
      "select unicode_name, score, updated_at from domains",
    );
    for (const row of rows) {
      expect(row.score).toBe(scoreName(row.unicode_name, words));
      expect(row.updated_at).toEqual(new Date("2030-01-01T00:00:00Z"));
    }
    expect(await rescoreDomains(handle())).toEqual({ checked: 7, changed: 0 });
  });
});
