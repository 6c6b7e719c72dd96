import { type Page } from "@playwright/test";
import { drizzle } from "drizzle-orm/node-postgres";
import { parseDomainName } from "~/domain/names";
import { domainPagePath } from "~/lib/domain-path";
import type { Db } from "~/server/db/client.server";
import { refreshFamilyFlags } from "~/server/zone/family-flags.server";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";
import { expect, test } from "~tests/e2e/support/test";

type Family = { base: string; cleanup: () => Promise<void> };

function aceOf(unicode: string): string {
  const parsed = parseDomainName(unicode);
  if (!parsed.ok) throw new Error(`not a valid test name: ${unicode}`);
  return parsed.ace;
}

/**
 * A hand-made family of names in the server's zone: {base}ö.se and its sibling {base}ö.nu on Loopia,
 * the plain twin {base}o.se on Cloudflare, the accented twin {base}ó.nu, and {base}o.nu on the soon
 * list but not in the zone. The snapshots in force are used where there are some (the demo's), else
 * the test's own, removed afterwards.
 */
async function seedFamily(): Promise<Family> {
  const base = uniqueLabel("tvilling");
  const delegations: [string, string[]][] = [
    [`${base}ö.se`, ["ns1.loopia.se", "ns2.loopia.se"]],
    [`${base}ö.nu`, ["ns1.loopia.se", "ns2.loopia.se"]],
    [`${base}o.se`, ["a.ns.cloudflare.com", "b.ns.cloudflare.com"]],
    [`${base}ó.nu`, ["ns1.loopia.se"]],
  ];
  const created: number[] = [];
  await withServerDb(async (client) => {
    for (const tld of [".se", ".nu"]) {
      const { rows } = await client.query<{ id: number }>(
        "select id from zone_snapshots where tld = $1 and state = 'succeeded' order by applied_at desc, id desc limit 1",
        [tld],
      );
      if (rows.length > 0) continue;
      const own = await client.query<{ id: number }>(
        "insert into zone_snapshots (tld, serial, source, trigger, state, applied_at) values ($1, 1, 'file', 'e2e', 'succeeded', now()) returning id",
        [tld],
      );
      created.push(own.rows[0].id);
    }
    for (const [unicode, nameServers] of delegations) {
      const tld = unicode.slice(unicode.lastIndexOf("."));
      await client.query(
        `insert into zone_delegations (name, tld, name_servers, delegated_since, since_snapshot_id, last_changed_at, last_changed_snapshot_id)
         select $1, $2, $3, now(), id, now(), id from zone_snapshots
         where tld = $2 and state = 'succeeded' order by applied_at desc, id desc limit 1`,
        [aceOf(unicode), tld, nameServers],
      );
    }
  });
  await insertE2eDomain(`${base}o.nu`, { status: "soonavailable", releaseInDays: 12 });
  return {
    base,
    cleanup: () =>
      withServerDb(async (client) => {
        await client.query("delete from zone_delegations where name = any($1)", [delegations.map(([unicode]) => aceOf(unicode))]);
        await client.query("delete from domains where name = $1", [`${base}o.nu`]);
        if (created.length > 0) await client.query("delete from zone_snapshots where id = any($1)", [created]);
      }),
  };
}

async function expectAccentedPage(page: Page, base: string) {
  const sibling = page.getByRole("region", { name: "Samma namn på .nu" });
  await expect(sibling.getByRole("link", { name: `${base}ö.nu` })).toHaveAttribute("href", domainPagePath(`${base}ö.nu`));
  await expect(sibling.getByText(/^Registrerad: i zonen sedan .* och pekar på Loopias namnservrar\.$/)).toBeVisible();
  await expect(sibling.getByRole("link", { name: /Internetstiftelsen/ })).toHaveAttribute("href", /internetstiftelsen\.se/);

  const twins = page.getByRole("region", { name: "Tvillingar utan ö" });
  // The name's own TLD first, the plain twin before the accented one.
  await expect(twins.getByRole("listitem")).toHaveText([
    new RegExp(`^${base}o\\.se Registrerad: i zonen sedan .* och pekar på Cloudflares namnservrar\\.$`),
    new RegExp(`^${base}o\\.nu Släpps .* enligt registrets lista\\. Inte i zonen\\.$`),
    new RegExp(`^${base}ó\\.nu Registrerad: i zonen sedan .* och pekar på Loopias namnservrar\\.$`),
  ]);
}

test("a name with ö shows its sibling on .nu and its twins, and a twin's page leads back", async ({ page }) => {
  const { base, cleanup } = await seedFamily();
  try {
    const response = await page.goto(domainPagePath(`${base}ö.se`));
    expect(response?.status()).toBe(200);
    await expectAccentedPage(page, base);
    await expectNoAxeViolations(page);

    await page
      .getByRole("region", { name: "Tvillingar utan ö" })
      .getByRole("link", { name: `${base}o.se` })
      .click();
    await expect(page).toHaveURL(domainPagePath(`${base}o.se`));
    await expect(
      page.getByRole("region", { name: "Samma namn på .nu" }).getByText(/^Släpps .* enligt registrets lista\. Inte i zonen\.$/),
    ).toBeVisible();
    const twins = page.getByRole("region", { name: "Tvillingar med å, ä, ö" });
    // In Swedish order ó goes with o, before ö.
    await expect(twins.getByRole("link")).toHaveText([
      `${base}ö.se`,
      `${base}ó.nu`,
      `${base}ö.nu`,
      "Internetstiftelsen (öppnas i en ny flik)",
    ]);
    await expectNoAxeViolations(page);
  } finally {
    await cleanup();
  }
});

test("a plain name without twins says so", async ({ page }) => {
  const { base, cleanup } = await seedFamily();
  try {
    await page.goto(domainPagePath(`${base}x.se`));
    await expect(
      page.getByRole("region", { name: "Tvillingar med å, ä, ö" }).getByText("Inga registrerade tvillingar i zonen."),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Samma namn på .nu" }).getByRole("link", { name: `${base}x.nu` })).toBeVisible();
  } finally {
    await cleanup();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sections are on the page and their links are real links", async ({ page }) => {
    const { base, cleanup } = await seedFamily();
    try {
      await page.goto(domainPagePath(`${base}ö.se`));
      await expectAccentedPage(page, base);
      await page
        .getByRole("region", { name: "Samma namn på .nu" })
        .getByRole("link", { name: `${base}ö.nu` })
        .click();
      await expect(page).toHaveURL(domainPagePath(`${base}ö.nu`));
      await expect(page.getByRole("region", { name: "Samma namn på .se" }).getByRole("link", { name: `${base}ö.se` })).toBeVisible();
    } finally {
      await cleanup();
    }
  });
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the sections fit the screen and have no accessibility violations", async ({ page }) => {
    const { base, cleanup } = await seedFamily();
    try {
      await page.goto(domainPagePath(`${base}ö.se`));
      await expect(page.getByRole("region", { name: "Tvillingar utan ö" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    } finally {
      await cleanup();
    }
  });
});

test.describe("on the lists", () => {
  /**
   * On the soon list: {base}o.nu (its sibling {base}o.se and its twins {base}ö.se, {base}ö.nu and
   * {base}ó.nu delegated) and {base}q.nu (nothing of its family delegated).
   */
  async function seedListed() {
    const family = await seedFamily();
    await insertE2eDomain(`${family.base}q.nu`, { status: "soonavailable", releaseInDays: 12 });
    // The zone was written directly: the listed names' stored flags (decision 0087) as an apply leaves them.
    await withServerDb((client) =>
      refreshFamilyFlags(drizzle(client) as unknown as Db, { names: [`${family.base}o.nu`, `${family.base}q.nu`] }),
    );
    return {
      base: family.base,
      cleanup: async () => {
        await withServerDb((client) => client.query("delete from domains where name = $1", [`${family.base}q.nu`]));
        await family.cleanup();
      },
    };
  }

  const card = (page: Page, name: string) => page.locator(`main article[data-domain="${name}"]`);

  test("a card marks a registered sibling and twin, the table has a column, and the filters keep only such names", async ({ page }) => {
    const { base, cleanup } = await seedListed();
    try {
      await page.goto(`/soon-available?q=${base}`);
      await expect(card(page, `${base}o.nu`).getByTestId("card-family")).toHaveText("Även .se registrerad · Tvilling registrerad");
      await expect(card(page, `${base}q.nu`)).toBeVisible();
      await expect(card(page, `${base}q.nu`).getByTestId("card-family")).toHaveCount(0);

      await page.getByTestId("list-filters").locator("summary").click();
      const group = page.getByRole("group", { name: "Syskon och tvillingar" });
      // No counts beside these two: the zone changes hourly.
      await expect(group.getByTestId("facet-count")).toHaveCount(0);
      await group.getByRole("checkbox", { name: "Har en registrerad tvilling" }).check();
      await expect(page).toHaveURL(`/soon-available?q=${base}&tvilling=ja`);
      await expect(card(page, `${base}q.nu`)).toHaveCount(0);
      await expect(card(page, `${base}o.nu`)).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto(`/soon-available?q=${base}&vy=tabell`);
      const row = page.getByRole("row", { name: new RegExp(`^${base}o\\.nu`) });
      // The family's cell, before the soon list's last column, the risk of being taken at once.
      await expect(row.getByRole("cell").nth(-2)).toHaveText(".se registrerad, tvilling registrerad");
      await expect(page.getByRole("columnheader", { name: "Syskon/tvilling" })).toBeVisible();
    } finally {
      await cleanup();
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the filter is a checkbox of the plain form", async ({ page }) => {
      const { base, cleanup } = await seedListed();
      try {
        await page.goto(`/soon-available?q=${base}`);
        await page.getByTestId("list-filters").locator("summary").click();
        await page.getByRole("checkbox", { name: "Samma namn på .nu/.se är registrerat" }).check();
        await page.getByRole("button", { name: "Visa domäner" }).click();
        await expect(page).toHaveURL(`/soon-available?q=${base}&syskon=ja`);
        await expect(card(page, `${base}o.nu`)).toBeVisible();
        await expect(card(page, `${base}q.nu`)).toHaveCount(0);
      } finally {
        await cleanup();
      }
    });
  });

  test.describe("on a phone-sized screen", () => {
    test.use({ viewport: { width: 320, height: 640 } });

    test("the mark and the table's column fit the screen", async ({ page }) => {
      const { base, cleanup } = await seedListed();
      try {
        for (const path of [`/soon-available?q=${base}`, `/soon-available?q=${base}&vy=tabell`]) {
          await page.goto(path);
          await expect(page.getByText(/Tvilling registrerad|tvilling registrerad/).first()).toBeVisible();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
          await expectNoAxeViolations(page);
        }
      } finally {
        await cleanup();
      }
    });
  });
});
