import { expect, it } from "vitest";
import { detailCountdown } from "~/domain/countdown";
import { formatNumberSv } from "~/domain/format";
import { parseDomainName } from "~/domain/names";
import { releaseStatsText } from "~/domain/statistics";
import { loadDomainPage } from "~/server/domains/load-domain-page.server";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";

const now = new Date("2030-04-10T12:00:00Z");
const parse = (name: string) => {
  const parsed = parseDomainName(name);
  if (!parsed.ok) throw new Error(name);
  return parsed;
};

describeEachEngine("the domain page's statistics", ({ handle }) => {
  it("gives a soon-available name its chance from the renewal curve at its days left, with the basis", async () => {
    await createDomains(handle().db, [
      { name: "snart.se", status: "soonavailable", releaseDate: "2030-04-15" },
      { name: "tunn.se", status: "soonavailable", releaseDate: "2030-04-12" },
    ]);
    await handle().query("insert into stats_renewal_curve (days_left, on_list, renewed) values (4, 1200, 130), (1, 99, 3)");

    // 4 d 16 h left: 4 days, as the countdown counts them.
    const soon = await loadDomainPage(handle().db, parse("snart.se"), { userId: null, now });
    expect(soon.releaseStats).toEqual({ kind: "chance", chance: { kind: "known", daysLeft: 4, released: 1070, basis: 1200 } });
    expect(releaseStatsText(soon.releaseStats!)).toBe(
      `Chans att släppas: 9 av 10 namn med 4 dagar kvar har släppts (av ${formatNumberSv(1200)} namn det senaste året).`,
    );

    // Under 100 names behind the figure: the page says so instead of guessing.
    const thin = await loadDomainPage(handle().db, parse("tunn.se"), { userId: null, now });
    expect(thin.releaseStats).toEqual({ kind: "chance", chance: { kind: "thin", daysLeft: 1, basis: 99 } });
    expect(releaseStatsText(thin.releaseStats!)).toContain("historiken är för tunn");
  });

  // One rule for days left: "Chans att släppas" says the days the countdown beside it shows.
  it.each([
    ["5 d 8 h left", "2026-12-04", "2026-11-28T20:00:00Z", 5],
    ["0 d 8 h left", "2026-11-29", "2026-11-28T20:00:00Z", 0],
    ["exactly 3 days left", "2026-12-01", "2026-11-28T04:00:00Z", 3],
    ["1 s under 3 days left", "2026-12-01", "2026-11-28T04:00:01Z", 2],
  ])("counts the days the countdown shows (%s)", async (_case, releaseDate, at, days) => {
    await createDomains(handle().db, [{ name: "dagar.se", status: "soonavailable", releaseDate }]);
    const page = await loadDomainPage(handle().db, parse("dagar.se"), { userId: null, now: new Date(at) });
    expect(page.releaseStats).toMatchObject({ kind: "chance", chance: { daysLeft: days } });
    expect(detailCountdown(releaseDate, new Date(at)).days).toBe(days);
    expect(releaseStatsText(page.releaseStats!)).toContain(days === 0 ? "med mindre än en dag kvar" : days === 1 ? "med 1 dag kvar" : `med ${days} dagar kvar`);
  });

  it("tells how soon a released name was taken again, and that a catch seen at the next check may have come sooner", async () => {
    await createDomains(handle().db, [
      { name: "snabb.se", status: "registered", releaseDate: "2030-04-01" },
      { name: "sen.se", status: "registered", releaseDate: "2030-04-01" },
      { name: "okand.se", status: "registered", releaseDate: "2030-04-01" },
    ]);
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, last_free_at, taken_at) values
         ('snabb.se', '2030-04-01', '.se', 5, 1, '2030-03-01', '2030-04-01T04:00Z', '2030-04-01T04:10Z', '2030-04-01T04:40Z'),
         ('sen.se', '2030-04-01', '.se', 3, 1, '2030-03-01', '2030-04-01T04:00Z', null, '2030-04-01T16:00Z'),
         ('okand.se', '2030-04-01', '.se', 5, 1, '2030-03-01', '2030-04-01T04:00Z', null, null)`,
    );

    const fast = await loadDomainPage(handle().db, parse("snabb.se"), { userId: null, now });
    expect(fast.releaseStats).toEqual({ kind: "released", caught: { state: "1h", byNextCheck: false }, morning: null });
    expect(releaseStatsText(fast.releaseStats!)).toBe("Registrerades igen inom 1 timme efter släppet.");
    const late = await loadDomainPage(handle().db, parse("sen.se"), { userId: null, now });
    expect(releaseStatsText(late.releaseStats!)).toBe(
      "Registrerades igen inom 1 dygn efter släppet (sågs vid nästa kontroll och kan ha tagits tidigare).",
    );
    // Registered, but never seen taken or free by a check: nothing to say.
    expect((await loadDomainPage(handle().db, parse("okand.se"), { userId: null, now })).releaseStats).toBeNull();
  });

  it("tells only of the release on the name's stored release date, not of an earlier one", async () => {
    await createDomains(handle().db, [{ name: "igen.se", status: "registered", releaseDate: "2030-04-01" }]);
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, last_free_at, taken_at) values
         ('igen.se', '2029-04-01', '.se', 4, 1, '2029-03-01', '2029-04-01T04:00Z', '2029-04-01T04:10Z', '2029-04-01T04:40Z')`,
    );
    expect((await loadDomainPage(handle().db, parse("igen.se"), { userId: null, now })).releaseStats).toBeNull();
  });

  it("shows when the release morning's rounds saw a name become free and taken again, in UTC with the Swedish time", async () => {
    await createDomains(handle().db, [
      { name: "morgon.se", status: "registered", releaseDate: "2030-04-01" },
      { name: "ledig.se", status: "available", releaseDate: "2030-04-01" },
    ]);
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at, first_free_at, last_free_at, taken_at) values
         ('morgon.se', '2030-04-01', '.se', 6, 1, '2030-03-01', '2030-04-01T04:00Z', '2030-04-01T04:37Z', '2030-04-01T04:38Z', '2030-04-01T04:39Z'),
         ('ledig.se', '2030-04-01', '.se', 5, 1, '2030-03-01', '2030-04-01T04:00Z', '2030-04-01T05:02Z', '2030-04-05T09:00Z', null)`,
    );
    const morning = await loadDomainPage(handle().db, parse("morgon.se"), { userId: null, now });
    expect(morning.releaseStats).toEqual({
      kind: "released",
      caught: { state: "1h", byNextCheck: false },
      morning: { freeAt: "2030-04-01T04:37:00.000Z", takenAt: "2030-04-01T04:39:00.000Z" },
    });
    // 04:37 UTC is 06:37 in Stockholm in April (summer time): both, each with its zone.
    expect(releaseStatsText(morning.releaseStats!)).toBe(
      "Blev ledig kl. 04:37 UTC (06:37 svensk tid) och registrerades igen kl. 04:39 UTC (06:39 svensk tid). Registrerades igen inom 1 timme efter släppet.",
    );
    const free = await loadDomainPage(handle().db, parse("ledig.se"), { userId: null, now });
    expect(releaseStatsText(free.releaseStats!)).toBe("Blev ledig kl. 05:02 UTC (07:02 svensk tid).");
  });
});
