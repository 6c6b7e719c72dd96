import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { withServerDb } from "~tests/e2e/support/server-db";
import { signInAsAdmin, waitForToastsToClose } from "./admin-session";

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });
// A click before React has hydrated does nothing: the toaster region is mounted by an effect after hydration.
const hydrated = (page: Page) => page.locator("section[aria-label^='Notifications']").waitFor({ state: "attached" });

const HELD_REASON = "Held: this read of .nu would remove 900 of the 1,000 names in force (90 %), more than 2 %.";

test("the Zone page shows a held .nu read with 'Apply anyway'; a read whose names are gone is refused with the reason", async ({
  page,
}) => {
  // A .nu snapshot in force and a held read after it, without its staged names (as after a restart).
  const ids = await withServerDb(async (client) => {
    const insert = (values: string) =>
      client.query<{ id: number }>(
        `insert into zone_snapshots (tld, serial, source, trigger, state, names, appeared, disappeared, name_servers_changed, held_reason,
           started_at, finished_at, applied_at) values ${values} returning id`,
      );
    const inForce = await insert(`('.nu', 4000000001, 'full', 'e2e', 'succeeded', 1000, 0, 0, 0, null, now(), now(), now())`);
    const held = await insert(`('.nu', 4000000002, 'full', 'e2e', 'held', 100, 0, 900, 0, '${HELD_REASON}', now(), now(), null)`);
    return [inForce.rows[0].id, held.rows[0].id];
  });
  try {
    await signInAsAdmin(page);
    await page.goto("/admin/imports");
    await page.getByRole("link", { name: "Zone", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/imports\/zone$/);
    await expect(page.getByRole("heading", { name: ".nu", exact: true })).toBeVisible();
    const nu = page.locator("[data-zone-tld='nu']");
    await expect(nu).toContainText("serial 4000000001");
    await expect(nu).toContainText("1,000 names delegated");
    await expect(nu.getByRole("alert")).toContainText(HELD_REASON);
    await expectNoAxeViolations(page);

    await hydrated(page);
    await nu.getByRole("button", { name: /^Apply anyway/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Apply the held .nu zone read anyway?" });
    await expect(dialog).toContainText("900 names leave the zone");
    await dialog.getByRole("button", { name: "Apply anyway" }).click();
    await expect(toast(page, "Zone Not Applied")).toContainText(`The names read by zone run ${ids[1]} are no longer kept`);
    await expect(nu.getByRole("alert")).toBeVisible();
    await waitForToastsToClose(page);
  } finally {
    await withServerDb((client) => client.query("delete from zone_snapshots where id = any($1)", [ids]));
  }
});
