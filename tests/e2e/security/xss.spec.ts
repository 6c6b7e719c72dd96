// Script and HTML payloads stored in every field people or imports can fill
// (domain and premium descriptions, user names, import errors, job errors,
// search terms, form values echoed back) render as text on the public pages,
// in the backoffice and on the account page: no dialog, no injected element.
import { expect, test } from "~tests/e2e/support/test";
import { randomUUID } from "node:crypto";
import { signInAsAdmin } from "~tests/e2e/admin/admin-session";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { withServerDb } from "~tests/e2e/support/server-db";
import { guardPage } from "./page-guards";

const PAYLOADS = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "</script><script>alert(2)</script>", "<svg/onload=alert(3)>"];
const ALL = PAYLOADS.join(" | ");

test.describe.configure({ mode: "serial" });

let premium: Awaited<ReturnType<typeof insertE2eDomain>>;
let plain: Awaited<ReturnType<typeof insertE2eDomain>>;

test.beforeAll(async () => {
  premium = await insertE2eDomain(`${uniqueLabel("xssprem")}.se`, { status: "premium", price: 12_000, isFeatured: true, description: `Premium ${ALL}` });
  plain = await insertE2eDomain(`${uniqueLabel("xssplain")}.nu`, { status: "soonavailable", releaseInDays: 2, isFeatured: true, description: `Beskrivning ${ALL}` });
  await withServerDb(async (client) => {
    // A user whose stored name is a payload (the backoffice shows names), an import run and a job run whose errors carry payloads.
    const id = randomUUID();
    await client.query(`insert into "user" (id, name, email, email_verified, role, created_at, updated_at) values ($1, $2, $3, true, 'user', now(), now())`, [
      id,
      `<img src=x onerror=alert(4)>`,
      `xss-${id.slice(0, 8)}@e2e.test`,
    ]);
    await client.query(
      `insert into import_runs (source, trigger, tld, state, total, processed, failed, errors, error_message, started_at, finished_at)
       values ($1, 'upload', '.se', 'failed', 2, 0, 2, $2::jsonb, $3, now(), now())`,
      [`upload:${PAYLOADS[1]}.json`, JSON.stringify(PAYLOADS.map((payload) => `Item 1: "${payload}" is not a valid name`)), `Invalid JSON format: ${ALL}`],
    );
    await client.query(
      `insert into job_runs (job, trigger, state, error_message, started_at, finished_at) values ('release-update', $1, 'failed', $2, now(), now())`,
      [`admin:${PAYLOADS[0]}`, `boom ${ALL}`],
    );
  });
});

test("public pages show stored payloads as text", async ({ page }) => {
  const guard = await guardPage(page);
  await page.goto(premium.path);
  await expect(page.getByText(`Premium ${ALL}`)).toBeVisible();
  await guard.expectClean(premium.path);
  await expectNoAxeViolations(page);

  // The description also goes into the page's JSON-LD, the classic place to break out of a script tag.
  const jsonLd = JSON.stringify(JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "null"));
  expect(jsonLd).toContain(PAYLOADS[2]);

  await page.goto(plain.path);
  await guard.expectClean(plain.path);

  for (const path of ["/premium", "/featured", "/soon-available", "/", `/search/${encodeURIComponent(PAYLOADS[1])}`, `/soon-available?q=${encodeURIComponent(PAYLOADS[0])}`, `/d/${encodeURIComponent(PAYLOADS[1])}`, `/auth?redirectTo=${encodeURIComponent(`/"><script>alert(5)</script>`)}`]) {
    await page.goto(path);
    await guard.expectClean(path);
  }
});

test("the contact form echoes hostile values back as text when it refuses them", async ({ page }) => {
  const guard = await guardPage(page);
  await page.goto("/contact");
  await page.getByLabel("Namn", { exact: true }).fill(PAYLOADS[1]);
  await page.getByLabel("E-post", { exact: true }).fill("inte-en-adress");
  await page.getByLabel("Ämne", { exact: true }).fill(PAYLOADS[3]);
  await page.getByLabel("Meddelande", { exact: true }).fill(ALL);
  await page.getByRole("button", { name: "Skicka meddelande" }).click();
  await expect(page.getByLabel("Namn", { exact: true })).toHaveValue(PAYLOADS[1]);
  await guard.expectClean("/contact after a refused post");
});

test("the backoffice shows stored payloads as text on every tab", async ({ page }) => {
  const guard = await guardPage(page);
  await signInAsAdmin(page);
  for (const tab of ["domains", "premium", "users", "imports", "maintenance"]) {
    const response = await page.goto(`/admin/${tab}${tab === "domains" ? `?q=${encodeURIComponent(PAYLOADS[1])}` : ""}`);
    expect(response?.status()).toBe(200);
    await guard.expectClean(`/admin/${tab}`);
  }
  await page.goto(`/admin/domains?q=${encodeURIComponent(premium.unicode)}`);
  await expect(page.getByRole("table", { name: "Domains" })).toContainText(premium.unicode);
  await page.goto("/admin/users");
  await expect(page.getByText("<img src=x onerror=alert(4)>").first()).toBeVisible();
  await guard.expectClean("/admin/users");
});
