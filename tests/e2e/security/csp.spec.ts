// The production Content-Security-Policy must not break the site: the main
// pages, as a visitor, a signed-in user and an administrator, load and
// hydrate with no policy violation and no console error; every script the
// server sends carries this response's nonce.
import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { signInAsAdmin } from "~tests/e2e/admin/admin-session";
import { insertE2eDomain, uniqueLabel } from "~tests/e2e/support/domain-rows";
import { createSignedInE2eUser } from "~tests/e2e/support/users";
import { guardPage } from "./page-guards";

const PUBLIC_PAGES = ["/", "/soon-available", "/available", "/featured", "/premium", "/search/hund", "/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se", "/contact", "/auth", "/auth?tab=register", "/how-it-works", "/about", "/terms", "/privacy"];

/** Visits each path, waits for hydration to settle, and fails on a violation or console error. */
async function visitAll(page: Page, paths: string[]) {
  const guard = await guardPage(page);
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await guard.expectClean(path);
  }
  return guard;
}

test("every script in a page carries the response's nonce", async ({ request }) => {
  for (const path of ["/", "/soon-available", "/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se"]) {
    const response = await request.get(path);
    const policy = response.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, `${path}: ${policy}`).toBeTruthy();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      // JSON-LD is data, not script; everything else needs the nonce.
      if (/type="application\/ld\+json"/.test(attributes)) continue;
      expect(attributes, `${path}: <script${attributes}>`).toContain(`nonce="${nonce}"`);
    }
    // A new nonce for every response.
    const again = (await request.get(path)).headers()["content-security-policy"];
    expect(again).not.toBe(policy);
  }
});

test("public pages run under the policy without a violation or console error", async ({ page }) => {
  await visitAll(page, PUBLIC_PAGES);
});

test("the enquiry dialog and client navigation work under the policy", async ({ page }) => {
  const domain = await insertE2eDomain(`${uniqueLabel("csp")}.se`, { status: "premium", price: 9000, isFeatured: true });
  const guard = await guardPage(page);
  await page.goto(domain.path);
  await page.getByRole("button", { name: "Kontakta oss" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("link", { name: "Premiumdomäner" }).first().click();
  await expect(page).toHaveURL(/\/premium/);
  await guard.expectClean("enquiry dialog and client navigation");
});

test("account and backoffice pages run under the policy", async ({ page }) => {
  await createSignedInE2eUser(page);
  await visitAll(page, ["/account", "/account?tab=bookmarks", "/", "/soon-available"]);
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await visitAll(page, ["/admin/domains", "/admin/premium", "/admin/users", "/admin/imports", "/admin/maintenance", "/d/r%C3%A4ksm%C3%B6rg%C3%A5s.se"]);
});
