import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { signInAsAdmin, waitForToastsToClose } from "./admin-session";

const LIST = readFileSync(new URL("../../fixtures/iis-bardate-sample-2021.json", import.meta.url));
const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });
// A click before React has hydrated does nothing: the toaster region is mounted by an effect after hydration.
const hydrated = (page: Page) => page.locator("section[aria-label^='Notifications']").waitFor({ state: "attached" });
const configRow = (page: Page, tld: string) =>
  page.getByRole("table", { name: "TLD import configurations" }).locator(`[data-config="${tld}"]`);
const REGISTRY_NU_URL = "https://data.internetstiftelsen.se/bardate_domains_nu.json";

// Both specs touch the same import configurations and jobs: one after the other.
test.describe.configure({ mode: "serial" });

let server: Server;
let listUrl = "";

test.beforeAll(async () => {
  // The registry's list, served on this machine (the e2e server may fetch from 127.0.0.1: FETCH_ALLOW_HOSTS).
  server = createServer((request, response) => {
    if (request.url !== "/bardate_domains_nu.json") return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "application/json" }).end(LIST);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  listUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bardate_domains_nu.json`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("upload a list, edit a configuration and run its import: a list that looks partial is imported with a warning in words, then applied as complete", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.goto("/admin/imports");
  await expect(page.getByRole("heading", { name: "TLD Import Configurations" })).toBeVisible();
  await hydrated(page);
  const configs = page.getByRole("table", { name: "TLD import configurations" });
  const seRow = configs.getByRole("row").filter({ hasText: "bardate_domains.json" });
  await expect(seRow.getByRole("link", { name: /bardate_domains\.json/ })).toHaveAttribute("target", "_blank");
  await expect(seRow.getByRole("link", { name: /bardate_domains\.json/ })).toHaveAttribute("rel", "noopener noreferrer");
  await expectNoAxeViolations(page);

  // Not a list: refused before anything is sent.
  await page
    .getByTestId("upload-.se")
    .first()
    .setInputFiles({ name: "list.html", mimeType: "text/html", buffer: Buffer.from("<html></html>") });
  await expect(toast(page, "Invalid File Type")).toContainText("Please upload a JSON file");

  // The sample's release dates are all in 2021: the list is held with a warning and writes nothing.
  await page
    .getByTestId("upload-.se")
    .first()
    .setInputFiles({ name: "iis-bardate-sample-2021.json", mimeType: "application/json", buffer: LIST });
  const panel = page.getByRole("region", { name: "Import progress" });
  const held = panel.getByTestId("import-summary").filter({ hasText: "Held" });
  await expect(held).toContainText("Manual Import Held", { timeout: 30_000 });
  await expect(held).toContainText("release dates are before the import day");
  await waitForToastsToClose(page);

  // "Apply anyway" chooses the file again. The sample holds 61 .se and 95 .nu names: uploaded for .se,
  // the .nu ones are rejected, and the run partly failed (amber, not green).
  await page
    .getByTestId("upload-anyway-.se")
    .first()
    .setInputFiles({ name: "iis-bardate-sample-2021.json", mimeType: "application/json", buffer: LIST });
  await expect(panel.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
  await expect(panel.getByTestId("import-percent")).toHaveText("100%");
  const summary = panel.getByTestId("import-summary").filter({ hasText: "Processed 61 domains" });
  await expect(summary).toContainText("Manual Import Partly Failed");
  await expect(summary).toContainText(/Processed 61 domains \(\d+ new, \d+ updated\)/);
  await expect(summary).toContainText("156 entries in the list, 95 rejected");
  await expect(summary).toHaveClass(/border-amber/);
  // All 95 counted, the first 20 listed, every one downloadable with its reason.
  await summary.getByText("Rejected entries (95)").click();
  await expect(summary).toContainText("The first 20 of 95:");
  const download = summary.getByRole("link", { name: "Download all 95 rejected entries with their reasons (CSV)" });
  const csv = await page.request.get((await download.getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).trimEnd().split("\r\n")).toHaveLength(96);
  await expect(toast(page, "Manual Import Partly Failed")).toBeVisible();
  // Last Import is stamped; an upload is no check of the configured URL, which stays "Never" checked,
  // unless the run crossed the top of an hour, when the hourly check tried the URL (unreachable here).
  await expect(seRow.getByRole("cell").nth(3)).not.toHaveText("Never");
  await expect(seRow.getByRole("cell").nth(4)).toHaveText(/^(Never|.*Check failed.*)$/);
  const uploaded = page
    .getByRole("table", { name: "Recent imports" })
    .getByRole("row")
    .filter({ hasText: "upload:iis-bardate-sample-2021.json" })
    .filter({ hasText: "Partly failed" })
    .first(); // the newest: a retry of this test finds the first try's run below it
  await expect(uploaded).toContainText("Partly failed (95 of 156 failed)");
  await expect(uploaded.getByRole("link", { name: /Download rejected entries \(CSV\)/ })).toBeVisible();

  // A bad configuration is refused with the reason; a good one is added.
  const form = page.getByRole("region", { name: "Add New Import Configuration" });
  await form.getByLabel("TLD").fill("com");
  await form.getByLabel("Data URL").fill("ftp://example.se/list.json");
  await form.getByRole("button", { name: "Add Import Configuration" }).click();
  await expect(toast(page, "Failed to add TLD import configuration")).toBeVisible();
  await expect(form.getByText("TLD must be se or nu")).toBeVisible();
  // A second list of a TLD is refused too: it would be imported as the TLD's complete list.
  await form.getByLabel("TLD").fill("nu");
  await form.getByLabel("Data URL").fill(listUrl);
  await form.getByRole("button", { name: "Add Import Configuration" }).click();
  await expect(toast(page, "Failed to add TLD import configuration: .nu already has an import configuration")).toBeVisible();
  await expect(form.getByText(".nu already has an import configuration. Edit that one instead")).toBeVisible();
  await expect(configRow(page, ".nu")).toHaveCount(1);

  // The .nu configuration is pointed at the local list instead.
  const nuRow = configRow(page, ".nu");
  await expect(nuRow).toContainText("Never");
  await nuRow.getByRole("button", { name: "Edit the .nu configuration" }).click();
  const edit = page.getByRole("dialog", { name: "Edit .nu Import Configuration" });
  await edit.getByLabel("Data URL").fill("ftp://example.se/list.json");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Data URL must be an http or https URL")).toBeVisible();
  await expect(edit.getByLabel("Enabled")).toBeChecked();
  await expectNoAxeViolations(page);
  await edit.getByLabel("Data URL").fill(listUrl);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "TLD import configuration updated successfully")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(nuRow.getByRole("link")).toHaveAttribute("href", listUrl);

  // Past-dated, the configured list is held too; "Apply anyway", after confirming, fetches it again.
  await nuRow.getByRole("button", { name: "Run Import for .nu" }).click();
  await expect(panel.getByTestId("import-summary").filter({ hasText: "Held" })).toContainText("Import Held", { timeout: 30_000 });
  await waitForToastsToClose(page);
  const heldNu = page
    .getByRole("table", { name: "Recent imports" })
    .getByRole("row")
    .filter({ hasText: "Held:" })
    .filter({ hasText: ".nu" });
  await heldNu
    .getByRole("button", { name: /^Apply anyway/ })
    .first()
    .click(); // the newest, as above
  const anyway = page.getByRole("alertdialog", { name: "Import the past-dated .nu list anyway?" });
  await anyway.getByRole("button", { name: "Apply anyway" }).click();
  await expect(anyway).toBeHidden();

  // The 2021 list holds none of the demo's .nu names releasing two or more days ahead: it would renew them all.
  // Its 61 .se names are rejected from the .nu list: partly failed, with the warning.
  const nuSummary = panel.getByTestId("import-summary").filter({ hasText: "Processed 95 domains" });
  await expect(nuSummary).toContainText("Import Partly Failed", { timeout: 30_000 });
  await expect(nuSummary).toContainText(
    /Renewals not applied: this list would mark [\d,]+ of the [\d,]+ soon-available \.nu names releasing two or more days ahead as renewed \(\d+ %\), more than 20 %\./,
  );
  await expect(nuSummary).toContainText('run it again with "Apply as complete"');
  await expect(toast(page, "Import Partly Failed")).toBeVisible();
  await expect(nuRow).not.toContainText("Never");
  const warned = page.getByRole("table", { name: "Recent imports" }).getByRole("row").filter({ hasText: "Renewals not applied" });
  await expect(warned).toContainText("Partly failed (61 of 156 failed)");
  await expect(warned).toHaveCount(1);
  await expect(warned).toContainText("Renewals not applied");
  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);

  // Applied as complete, after confirming: the renewals are read from the list again, whatever their number.
  await warned.getByRole("button", { name: /^Apply as complete/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Apply the .nu list as complete?" });
  await expect(confirm).toContainText("marked renewed, however many they are");
  await confirm.getByRole("button", { name: "Apply as complete" }).click();
  await expect(confirm).toBeHidden();
  const applied = panel.getByTestId("import-summary").filter({ hasText: "marked renewed" });
  await expect(applied).toContainText("Import Partly Failed", { timeout: 30_000 });
  await expect(applied).not.toContainText("Warning");
  await expect(page.getByRole("table", { name: "Recent imports" })).toContainText("(applied as complete)");
  await waitForToastsToClose(page);
});

test("run each maintenance job and see its outcome: green, amber with the counts, or red", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto("/admin/maintenance");
  await expect(page.getByRole("heading", { name: "Update Released Domains" })).toBeVisible();
  // Mounted by an effect after hydration: a click before it would do nothing.
  await page.locator("section[aria-label^='Notifications']").waitFor({ state: "attached" });
  await expectNoAxeViolations(page);

  const card = (job: string) => page.locator(`[data-job="${job}"]`);
  const badge = (job: string) => card(job).getByTestId("last-run").locator("span");
  await expect(card("release-update")).toContainText(/Next run\s*\d{4}-\d{2}-\d{2} 0[46]:00 UTC/);
  await expect(card("tld-imports")).toContainText(/Next run\s*\d{4}-\d{2}-\d{2} 02:00 UTC/);

  await card("release-update")
    .getByRole("button", { name: /Run Manually/ })
    .click();
  await expect(toast(page, "Domain status updated")).toContainText(/\d+ domains were updated from soon available to available/, {
    timeout: 30_000,
  });
  await expect(card("release-update").getByTestId("last-result")).toContainText("domains were updated from soon available to available");
  await expect(badge("release-update")).toHaveText("Succeeded");
  await expect(badge("release-update")).toHaveClass(/bg-green-100/);

  await card("tld-imports")
    .getByRole("button", { name: /Run Manually/ })
    .click();
  // The registry's own addresses cannot be reached from the test machine, and the run says why; the local list added above can.
  await expect(toast(page, "Some scheduled imports failed")).toContainText(
    /\d+ imports successful, (\d+ partly failed, )?[1-9]\d* failed.*\.se: Failed to fetch data: /,
    {
      timeout: 60_000,
    },
  );
  await expect(badge("tld-imports")).toHaveText(/^Partly failed \(.*[1-9]\d* of \d+ failed.*\)$/);
  await expect(badge("tld-imports")).toHaveClass(/bg-amber-100/);

  // The e2e server's availability service refuses every request (scripts/e2e-server.js): nothing succeeds.
  await card("availability-check")
    .getByRole("button", { name: /Check Manually/ })
    .click();
  // It never says it checked a name it could not ask, and it says why.
  await expect(toast(page, "Failed to check domain availability")).toContainText(/No domain was checked/, { timeout: 90_000 });
  await expect(badge("availability-check")).toHaveText("Failed");
  await expect(badge("availability-check")).toHaveClass(/bg-red-100/);
  await expect(card("availability-check").getByTestId("last-result")).toContainText("No domain was checked");
  // The reason is the one the request met (here "bad port": the e2e server's service is on a port fetch refuses).
  await expect(card("availability-check").getByTestId("last-result")).toContainText(
    /Stopped after \d+ failed requests in a row: [^.]+\. No domain was checked|No domain was checked: all \d+ requests failed \(.+\)/,
  );
  await expect(card("availability-check").getByTestId("last-result")).not.toContainText("Checked");
  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);

  // Each job keeps its history of runs, not only the last one.
  await page.getByRole("navigation", { name: "Run history of" }).getByRole("link", { name: "Check Domain Availability" }).click();
  await expect(page.getByTestId("job-run-history-count")).toContainText(/^Check Domain Availability: \d+ runs? in the last 30 days$/);
  const runs = page.getByRole("table", { name: "Runs of Check Domain Availability" });
  await expect(runs.getByRole("row").filter({ hasText: "No domain was checked" }).first()).toContainText("Failed");
  await expectNoAxeViolations(page);
});

test("delete a configuration after confirming; each change is listed with who made it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/imports");
  await hydrated(page);
  const nuRow = configRow(page, ".nu");
  await expect(nuRow).toHaveCount(1);

  await nuRow.getByRole("button", { name: "Delete the .nu configuration" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete the .nu import configuration?" });
  await expect(confirm).toContainText(listUrl);
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(nuRow).toHaveCount(1);

  await nuRow.getByRole("button", { name: "Delete the .nu configuration" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "The .nu import configuration was deleted")).toBeVisible();
  await expect(nuRow).toHaveCount(0);

  const changes = page.getByRole("table", { name: "Configuration changes" });
  const latest = changes.getByRole("row").nth(1);
  await expect(latest).toContainText(`Deleted .nu: ${listUrl}`);
  await expect(latest).toContainText("admin@e2e.test");
  await expect(changes).toContainText(`Changed .nu: URL ${REGISTRY_NU_URL} → ${listUrl}`);
  // Its runs stay in the history.
  await expect(page.getByRole("table", { name: "Recent imports" })).toContainText(listUrl);
  await waitForToastsToClose(page);
  await expectNoAxeViolations(page);
});
