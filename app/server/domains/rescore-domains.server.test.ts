import { expect, it } from "vitest";
import { scoreName } from "~/domain/score";
import { WORD_CLASS, wordClassOf } from "~/domain/swedish-words";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import type { DatabaseHandle } from "~/server/db/client.server";
import { loadSwedishWordIndex } from "~/server/scoring/swedish-words.server";
import { fillUnknownWordClasses, rescoreDomains } from "./rescore-domains.server";

const dictionary = loadSwedishWordIndex();
const NAMES = ["hund.se", "räksmörgås.se", "h4-x9q.nu", "kaffe.nu", "solros.se", "xqzv.se", "a.se", "bilhund.nu"];
const storedRows = (database: DatabaseHandle) =>
  database.query<{ unicode_name: string; score: number; word_class: number | null; updated_at: Date }>(
    "select unicode_name, score, word_class, updated_at from domains order by name",
  );

describeEachEngine("rescoreDomains", ({ handle }) => {
  it("recomputes every score and word class page by page, writes only the rows that differ, and leaves updated_at alone", async () => {
    await createDomains(
      handle().db,
      NAMES.map((name, index) => ({
        name,
        // The first has its score but a wrong class, the second both right, the rest neither (a class not known yet).
        score: index < 2 ? scoreName(name, dictionary.words) : 0,
        wordClass: index === 0 ? WORD_CLASS.none : index === 1 ? wordClassOf(name, dictionary) : null,
        updatedAt: new Date("2030-01-01T00:00:00Z"),
      })),
    );
    const progress: number[] = [];
    const result = await rescoreDomains(handle(), { pageSize: 3, onProgress: (done) => progress.push(done.checked) });
    expect(result).toEqual({ checked: 8, changed: 7 });
    expect(progress).toEqual([3, 6, 8]);

    for (const row of await storedRows(handle())) {
      expect(row.score).toBe(scoreName(row.unicode_name, dictionary.words));
      expect(row.word_class).toBe(wordClassOf(row.unicode_name, dictionary));
      expect(row.updated_at).toEqual(new Date("2030-01-01T00:00:00Z"));
    }
    expect(await rescoreDomains(handle())).toEqual({ checked: 8, changed: 0 });
  });
});

describeEachEngine("fillUnknownWordClasses", ({ handle }) => {
  it("classifies the names whose class is not known yet, page by page, and touches no other", async () => {
    await createDomains(
      handle().db,
      NAMES.map((name, index) => ({
        name,
        // Every other name as a database migrated to 0024 holds it; one known class is wrong on purpose: the fill leaves it.
        wordClass: index % 2 === 0 ? null : index === 1 ? WORD_CLASS.none : wordClassOf(name, dictionary),
        updatedAt: new Date("2030-01-01T00:00:00Z"),
      })),
    );
    expect(await fillUnknownWordClasses(handle(), { pageSize: 3 })).toEqual({ filled: 4 });

    const rows = await storedRows(handle());
    expect(rows.map((row) => [row.unicode_name, row.word_class])).toEqual(
      rows.map((row) => [row.unicode_name, row.unicode_name === "räksmörgås.se" ? WORD_CLASS.none : wordClassOf(row.unicode_name, dictionary)]),
    );
    for (const row of rows) expect(row.updated_at).toEqual(new Date("2030-01-01T00:00:00Z"));
    expect(await fillUnknownWordClasses(handle())).toEqual({ filled: 0 });
  });

  it("stops between pages when told to", async () => {
    await createDomains(handle().db, NAMES.map((name) => ({ name, wordClass: null })));
    const stop = new AbortController();
    stop.abort();
    expect(await fillUnknownWordClasses(handle(), { signal: stop.signal })).toEqual({ filled: 0 });
    const [{ unknown }] = await handle().query<{ unknown: number }>("select count(*)::int as unknown from domains where word_class is null");
    expect(unknown).toBe(NAMES.length);
  });
});
