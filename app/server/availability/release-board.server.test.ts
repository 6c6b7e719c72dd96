import { expect, it } from "vitest";
import { boardCounts, boardStateOf, boardStateText, morningDelayedSince } from "~/domain/release-board";
import { NO_FILTERS } from "~/domain/public-filters";
import { bookmarks } from "~/server/db/schema/index.server";
import { createDomains } from "~tests/factories/domains";
import { createUser } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";
import { findReleaseBoard } from "./release-board.server";

const DAY = "2030-02-14";
const at = (time: string) => new Date(`${DAY}T${time}Z`);

describeEachEngine("findReleaseBoard", ({ handle }) => {
  /** A morning under way at 04:40 UTC: one name free, one taken again, one not seen free yet, one .nu; another day's name. */
  async function morning() {
    await createDomains(handle().db, [
      { name: "ledig.se", status: "available", releaseDate: DAY },
      { name: "tagen.se", status: "registered", releaseDate: DAY, takenAt: at("04:39:00") },
      { name: "haller.se", status: "available", releaseDate: DAY },
      { name: "zeta.nu", status: "available", releaseDate: DAY },
      { name: "igar.se", status: "available", releaseDate: "2030-02-13" },
    ]);
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at) values
         ('ledig.se', $1, '.se', 5, 1, '2030-01-14', $2, $3, $3, null),
         ('tagen.se', $1, '.se', 5, 1, '2030-01-14', $2, $4, $4, $5),
         ('haller.se', $1, '.se', 6, 1, '2030-01-14', $2, null, null, null),
         ('zeta.nu', $1, '.nu', 4, 1, '2030-01-14', $2, $3, $3, null)`,
      [DAY, at("04:00:00"), at("04:37:10"), at("04:37:40"), at("04:39:50")],
    );
  }
  const texts = (board: Awaited<ReturnType<typeof findReleaseBoard>>, now: Date) =>
    board.shown.map((name) => [name.name, boardStateText(boardStateOf(name, board.releaseDate, now.getTime()))]);

  it("shows each of the day's names with its state, in Swedish time, and counts them", async () => {
    await morning();
    await handle().query("insert into release_mornings (release_date, started_at, last_round_at, rounds) values ($1, $2, $3, 40)", [
      DAY,
      at("04:00:00"),
      at("04:39:55"),
    ]);
    const now = at("04:40:00");
    const board = await findReleaseBoard(handle(), { now, filters: NO_FILTERS, userId: null });
    expect(board.releaseDate).toBe(DAY);
    // 04:37 UTC is 05:37 in Stockholm in February.
    expect(texts(board, now)).toEqual([
      ["haller.se", "Släpps under morgonen"],
      ["ledig.se", "Ledig sedan 05:37"],
      ["tagen.se", "Registrerades igen 05:39 (efter 2 min)"],
      ["zeta.nu", "Ledig sedan 05:37"],
    ]);
    expect(boardCounts(board.shown, DAY, now.getTime())).toEqual({ seenFree: 3, free: 2, taken: 1 });
    expect(board.tomorrow).toBeNull();
    expect(morningDelayedSince(board.morning, DAY, now.getTime())).toBeNull();
  });

  it("lists the day's names in Swedish order: å, ä and ö after z, not after every ACE name", async () => {
    const names = ["öl.se", "zebra.se", "äpple.se", "bil-tvätt.se", "ålder.se", "bil.se", "alfa.se", "bil.nu", "café.se", "cafe.se"];
    await createDomains(
      handle().db,
      names.map((name) => ({ name, status: "soonavailable" as const, releaseDate: DAY })),
    );
    const board = await findReleaseBoard(handle(), { now: at("03:00:00"), filters: NO_FILTERS, userId: null });
    expect(board.shown.map((name) => name.unicodeName)).toEqual([
      "alfa.se",
      "bil.nu",
      "bil.se",
      "bil-tvätt.se",
      "cafe.se",
      "café.se",
      "zebra.se",
      "ålder.se",
      "äpple.se",
      "öl.se",
    ]);
  });

  it("before 04:00 UTC every name of the coming morning waits", async () => {
    await createDomains(handle().db, [
      { name: "snart.se", status: "soonavailable", releaseDate: DAY },
      { name: "sedan.se", status: "renewed", releaseDate: DAY },
    ]);
    const now = at("03:59:00");
    const board = await findReleaseBoard(handle(), { now, filters: NO_FILTERS, userId: null });
    expect(texts(board, now)).toEqual([["snart.se", "Väntar"]]);
    expect(board.morning).toEqual({ startedAt: null, lastRoundAt: null, delayedSince: null, finishedAt: null });
  });

  it("says the check is delayed while the rounds fail", async () => {
    await morning();
    await handle().query(
      "insert into release_mornings (release_date, started_at, last_round_at, rounds, delayed_since) values ($1, $2, $3, 12, $4)",
      [DAY, at("04:00:00"), at("04:39:00"), at("04:31:00")],
    );
    const board = await findReleaseBoard(handle(), { now: at("04:40:00"), filters: NO_FILTERS, userId: null });
    expect(morningDelayedSince(board.morning, DAY, at("04:40:00").getTime())).toBe(at("04:31:00").getTime());
  });

  it("is empty, not failing, on a day without names", async () => {
    const board = await findReleaseBoard(handle(), { now: at("05:00:00"), filters: NO_FILTERS, userId: null });
    expect(board.shown).toEqual([]);
    expect(board.names).toEqual([]);
  });

  it("puts the viewer's bookmarked names on top and applies the filters", async () => {
    await morning();
    const user = await createUser(handle().db);
    const other = await createUser(handle().db);
    await handle()
      .db.insert(bookmarks)
      .values([
        { userId: user.id, domainName: "zeta.nu" },
        { userId: other.id, domainName: "tagen.se" },
      ]);
    const now = at("04:40:00");
    const mine = await findReleaseBoard(handle(), { now, filters: NO_FILTERS, userId: user.id });
    expect(mine.shown.map((name) => [name.name, name.bookmarked])).toEqual([
      ["zeta.nu", true],
      ["haller.se", false],
      ["ledig.se", false],
      ["tagen.se", false],
    ]);
    const filtered = await findReleaseBoard(handle(), { now, filters: { ...NO_FILTERS, tlds: [".se"], lengthMin: 6 }, userId: user.id });
    expect(filtered.shown.map((name) => name.name)).toEqual(["haller.se"]);
  });

  it("from 12:00 UTC also shows tomorrow's names, each waiting, with the same filters and bookmarks first", async () => {
    const tomorrow = "2030-02-15";
    await morning();
    await createDomains(handle().db, [
      { name: "imorgon.se", status: "soonavailable", releaseDate: tomorrow },
      { name: "kort.se", status: "soonavailable", releaseDate: tomorrow },
      { name: "morgon.nu", status: "soonavailable", releaseDate: tomorrow },
      { name: "forsenare.se", status: "soonavailable", releaseDate: "2030-02-16" },
    ]);
    const user = await createUser(handle().db);
    await handle()
      .db.insert(bookmarks)
      .values([{ userId: user.id, domainName: "morgon.nu" }]);
    expect((await findReleaseBoard(handle(), { now: at("11:59:00"), filters: NO_FILTERS, userId: null })).tomorrow).toBeNull();

    const now = at("12:00:00");
    const evening = await findReleaseBoard(handle(), { now, filters: NO_FILTERS, userId: user.id });
    expect(evening.releaseDate).toBe(DAY);
    expect(evening.shown).toHaveLength(4);
    expect(evening.tomorrow?.releaseDate).toBe(tomorrow);
    expect(evening.tomorrow?.shown.map((name) => [name.name, boardStateText(boardStateOf(name, tomorrow, now.getTime()))])).toEqual([
      ["morgon.nu", "Väntar"],
      ["imorgon.se", "Väntar"],
      ["kort.se", "Väntar"],
    ]);
    const filtered = await findReleaseBoard(handle(), {
      now: at("23:59:00"),
      filters: { ...NO_FILTERS, tlds: [".se"], lengthMax: 4 },
      userId: null,
    });
    expect(filtered.tomorrow?.shown.map((name) => name.name)).toEqual(["kort.se"]);
  });
});
