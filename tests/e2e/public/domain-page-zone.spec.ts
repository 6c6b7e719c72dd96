import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { formatStockholmDateTimeSv } from "~/domain/format";
import { addDays, todayUtc } from "~/domain/utc-dates";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";

// What the registry's zone says on /d/{name}, with and without JavaScript: a caught name (released
// yesterday, back in the zone at a snapshot that morning, on Loopia's name servers) and a registered
// name on none of our lists (delegated since the first snapshot, on Binero's). The .se snapshot of
// the catch is the test's own, in force while it runs, removed after it with its rows.

const RELEASE_DATE = addDays(todayUtc(new Date()), -1);
/** The snapshot that first had the caught name: 07:00 UTC on its release day, three hours after the release. */
const CAUGHT_AT = new Date(`${RELEASE_DATE}T07:00:00Z`);
const CLOCK = formatStockholmDateTimeSv(CAUGHT_AT).split(" kl. ")[1];

type ZoneWorld = { snapshots: number[]; names: string[] };

/** A .se zone in which `caught` appeared at CAUGHT_AT and `registered` is delegated since the TLD's first snapshot. */
async function writeZone(caught: string, registered: string): Promise<ZoneWorld> {
  return withServerDb(async (client) => {
    const insertSnapshot = async (serial: number, at: Date) =>
      (
        await client.query<{ id: number }>(
          `insert into zone_snapshots (tld, serial, source, trigger, state, names, appeared, disappeared, name_servers_changed,
             started_at, finished_at, applied_at) values ('.se', $1, 'file', 'e2e', 'succeeded', 2, 1, 0, 0, $2, $2, now()) returning id`,
          [serial, at],
        )
      ).rows[0].id;
    const snapshots: number[] = [];
    // The demo's first .se snapshot when it wrote one; else the test's own, two days before the catch.
    const { rows } = await client.query<{ id: number; started_at: Date }>(
      "select id, started_at from zone_snapshots where tld = '.se' and state = 'succeeded' order by applied_at, id limit 1",
    );
    const first = rows[0] ?? { id: await insertSnapshot(4000000100, new Date(CAUGHT_AT.getTime() - 2 * 86_400_000)), started_at: null };
    if (!rows[0]) snapshots.push(first.id);
    const firstAt = first.started_at ?? new Date(CAUGHT_AT.getTime() - 2 * 86_400_000);
    const catchSnapshot = await insertSnapshot(4000000101, CAUGHT_AT);
    snapshots.push(catchSnapshot);
    await client.query(
      `insert into zone_delegations (name, tld, name_servers, ds_records, delegated_since, since_snapshot_id, last_changed_at, last_changed_snapshot_id)
       values ($1, '.se', array['ns1.loopia.se', 'ns2.loopia.se'], 1, $2, $3, $2, $3),
              ($4, '.se', array['ns1.binero.se', 'ns2.binero.se'], 0, $5, $6, $5, $6)`,
      [caught, CAUGHT_AT, catchSnapshot, registered, firstAt, first.id],
    );
    await client.query(
      `insert into zone_changes (snapshot_id, tld, name, kind, new_name_servers, seen_at)
       values ($1, '.se', $2, 'appeared', array['ns1.loopia.se', 'ns2.loopia.se'], $3)`,
      [catchSnapshot, caught, CAUGHT_AT],
    );
    return { snapshots, names: [caught, registered] };
  });
}

async function removeZone(world: ZoneWorld) {
  await withServerDb(async (client) => {
    await client.query("delete from zone_changes where name = any($1)", [world.names]);
    await client.query("delete from zone_delegations where name = any($1)", [world.names]);
    await client.query("delete from zone_snapshots where id = any($1)", [world.snapshots]);
  });
}

/** A .se name released yesterday at 04:00 UTC and taken again at the snapshot (the zone's effect on the lists). */
async function insertCaughtName() {
  const domain = await insertE2eDomain(`${uniqueLabel("fangad")}.se`, { status: "registered", releaseInDays: -1, registrationInDays: -1 });
  await withServerDb((client) =>
    client.query(
      `insert into domain_events (domain_name, type, from_status, to_status, detail, source, created_at)
       values ($1, 'taken', 'available', 'registered', 'registered again (in the registry''s zone)', 'zone:e2e', $2)`,
      [domain.ace, CAUGHT_AT],
    ),
  );
  return domain;
}

/**
 * axe runs in the page's own JavaScript, so it checks the pages with JavaScript on; without it the
 * server's markup is the same (nothing hydrates, which is checked instead).
 */
async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expectNoAxeViolations(page);
  else await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
}

async function expectCaughtNamePage(page: Page, path: string, unicode: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: unicode })).toBeVisible();
  await expect(page).toHaveTitle(`${unicode} – registrerad | Snart lediga`);
  await expect(page.getByTestId("zone-line")).toHaveText(
    `I zonen igen på släppdagen kl. ${CLOCK} (ögonblicksbild, svensk tid) · pekar på Loopias namnservrar · Zondata: Internetstiftelsen (öppnas i en ny flik)`,
  );
  await expect(page.getByTestId("zone-line").getByRole("link", { name: /Zondata: Internetstiftelsen/ })).toHaveAttribute(
    "href",
    /internetstiftelsen\.se/,
  );
  await expect(page.getByRole("region", { name: "Registrerad", exact: true })).toBeVisible();
  // A listed name is indexed as before; the zone's section is for names on no list.
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.getByRole("region", { name: "I registrets zon" })).toHaveCount(0);
  await expectAccessible(page, javaScriptEnabled);
  // The long line wraps on a phone instead of pushing the page sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

async function expectRegisteredUnlistedPage(page: Page, name: string, javaScriptEnabled: boolean) {
  const response = await page.goto(`/d/${name}`);
  expect(response?.status()).toBe(200);
  // What is known, not "okänd status": the zone delegates it.
  await expect(page).toHaveTitle(`${name} – registrerad (i registrets zon) | Snart lediga`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    new RegExp(`^${name.replace(".", "\\.")} är registrerad: namnet finns i registrets zon och pekar på Binero`),
  );
  const status = page.getByRole("region", { name: "Registrerad enligt registrets zon" });
  await expect(status.getByText(/så någon har registrerat det/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Okänd status" })).toHaveCount(0);
  const zone = page.getByRole("region", { name: "I registrets zon" });
  await expect(zone.getByText(/^Delegerad sedan minst .* \(vår första ögonblicksbild\)$/)).toBeVisible();
  await expect(zone.getByText("Pekar på Binero")).toBeVisible();
  await expect(zone.getByText("ns1.binero.se, ns2.binero.se")).toBeVisible();
  await expect(page.getByText("Varför visar ni inget släppdatum för domänen?")).toBeVisible();
  await expect(page.getByText("Varför har domänen okänd status?")).toHaveCount(0);
  // Known only from the zone: out of the index.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectAccessible(page, javaScriptEnabled);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    let world: ZoneWorld | undefined;
    test.afterEach(async () => {
      if (world) await removeZone(world);
      world = undefined;
    });

    test("a caught name says when the zone had it again and where it points; a registered name on no list says it is registered", async ({
      page,
    }) => {
      const caught = await insertCaughtName();
      const registered = `${uniqueLabel("upptagen")}.se`;
      world = await writeZone(caught.ace, registered);

      await expectCaughtNamePage(page, caught.path, caught.unicode, javaScriptEnabled);
      await expectRegisteredUnlistedPage(page, registered, javaScriptEnabled);
    });
  });
}
