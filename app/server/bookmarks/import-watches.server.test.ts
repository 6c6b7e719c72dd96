import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { bookmarks } from "~/server/db/schema/index.server";
import { createUser } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { previewWatchImport, saveWatchImport } from "./import-watches.server";
import { MAX_BOOKMARKS_PER_USER, setBookmark } from "./set-bookmark.server";

const names = (count: number, prefix = "namn") => Array.from({ length: count }, (_, index) => `${prefix}${index}.se`);

describeEachEngine("watching names in bulk", ({ handle }) => {
  const db = () => handle().db;
  const watchedBy = async (userId: string) =>
    (await db().select({ name: bookmarks.domainName }).from(bookmarks).where(eq(bookmarks.userId, userId))).map((row) => row.name).sort();

  it("saves the right names of a list with every kind of bad line and reports every other line", async () => {
    const anna = await createUser(db());
    await setBookmark(db(), anna.id, "hund.se", true);
    const list = ["hund.se", "katt.com", "räk smörgås.se", `${"a".repeat(64)}.se`, "", "räksmörgås.se", "xn--rksmrgs-5wao1o.se", "kanin", "HÄST.nu", "", ""].join("\n");

    const preview = await previewWatchImport(db(), anna.id, list);
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.plan.toAdd.map((name) => name.ace)).toEqual(["xn--rksmrgs-5wao1o.se", "xn--hst-qla.nu"]);
    expect(preview.plan.alreadyWatched.map((name) => name.ace)).toEqual(["hund.se"]);
    expect(preview.plan.refused.map((line) => [line.line, line.kind])).toEqual([
      [2, "other-tld"],
      [3, "spaces"],
      [4, "too-long"],
      [5, "empty"],
      [7, "duplicate"],
      [8, "no-tld"],
    ]);
    // The preview saves nothing.
    expect(await watchedBy(anna.id)).toEqual(["hund.se"]);

    expect(await saveWatchImport(db(), anna.id, list, preview.fingerprint)).toEqual({ ok: true, added: 2, alreadyWatched: 1, refused: 6 });
    expect(await watchedBy(anna.id)).toEqual(["hund.se", "xn--hst-qla.nu", "xn--rksmrgs-5wao1o.se"]);
    // Saved again: everything is already watched, nothing is added twice.
    expect(await saveWatchImport(db(), anna.id, list)).toEqual({ ok: true, added: 0, alreadyWatched: 3, refused: 6 });
  });

  it("saves 1,000 of 1,001 names on an empty account and reports the last as over the limit", async () => {
    const anna = await createUser(db());
    const list = names(MAX_BOOKMARKS_PER_USER + 1).join("\n");
    const preview = await previewWatchImport(db(), anna.id, list);
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.plan.refused).toEqual([expect.objectContaining({ line: 1001, text: "namn1000.se", kind: "over-limit" })]);
    expect(await saveWatchImport(db(), anna.id, list, preview.fingerprint)).toEqual({ ok: true, added: 1000, alreadyWatched: 0, refused: 1 });
    expect(await db().$count(bookmarks, eq(bookmarks.userId, anna.id))).toBe(MAX_BOOKMARKS_PER_USER);
    expect(await watchedBy(anna.id)).not.toContain("namn1000.se");
  });

  it("refuses a list over the caps as a whole, saving nothing", async () => {
    const anna = await createUser(db());
    expect(await saveWatchImport(db(), anna.id, names(2001).join("\n"))).toMatchObject({ ok: false, reason: "invalid", error: expect.stringContaining("2\u00a0001 rader") });
    expect(await previewWatchImport(db(), anna.id, "")).toMatchObject({ ok: false });
    expect(await watchedBy(anna.id)).toEqual([]);
  });

  it("saves nothing when the account changed since the preview, and says whether the limit was reached meanwhile", async () => {
    const anna = await createUser(db());
    await db().insert(bookmarks).values(names(MAX_BOOKMARKS_PER_USER - 3, "gammal").map((domainName) => ({ userId: anna.id, domainName })));
    const list = ["ny1.se", "ny2.se", "ny3.se"].join("\n");
    const preview = await previewWatchImport(db(), anna.id, list);
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.plan.toAdd).toHaveLength(3);

    // Meanwhile, another tab watches one more name: the three no longer fit.
    await setBookmark(db(), anna.id, "annan.se", true);
    const saved = await saveWatchImport(db(), anna.id, list, preview.fingerprint);
    expect(saved).toMatchObject({ ok: false, reason: "changed", limitReached: true });
    if (saved.ok || saved.reason !== "changed") throw new Error("expected a changed account");
    expect(saved.preview.plan.toAdd.map((name) => name.ace)).toEqual(["ny1.se", "ny2.se"]);
    expect(await db().$count(bookmarks, eq(bookmarks.userId, anna.id))).toBe(MAX_BOOKMARKS_PER_USER - 2);

    // Saved with the new preview's print, the two that fit are saved.
    expect(await saveWatchImport(db(), anna.id, list, saved.preview.fingerprint)).toEqual({ ok: true, added: 2, alreadyWatched: 0, refused: 1 });
    expect(await db().$count(bookmarks, eq(bookmarks.userId, anna.id))).toBe(MAX_BOOKMARKS_PER_USER);
  });

  it("lets two saves at once together add no more than fits: one saves all, the other nothing", async () => {
    const anna = await createUser(db());
    await db().insert(bookmarks).values(names(MAX_BOOKMARKS_PER_USER - 5, "gammal").map((domainName) => ({ userId: anna.id, domainName })));
    const first = names(4, "forsta").join("\n");
    const second = names(4, "andra").join("\n");
    const [a, b] = await Promise.all([previewWatchImport(db(), anna.id, first), previewWatchImport(db(), anna.id, second)]);
    if (!a.ok || !b.ok) throw new Error("expected previews");
    const results = await Promise.all([saveWatchImport(db(), anna.id, first, a.fingerprint), saveWatchImport(db(), anna.id, second, b.fingerprint)]);
    expect(results.filter((result) => result.ok)).toEqual([{ ok: true, added: 4, alreadyWatched: 0, refused: 0 }]);
    expect(results.filter((result) => !result.ok)).toEqual([expect.objectContaining({ ok: false, reason: "changed", limitReached: true })]);
    expect(await db().$count(bookmarks, eq(bookmarks.userId, anna.id))).toBe(MAX_BOOKMARKS_PER_USER - 1);
  });
});
