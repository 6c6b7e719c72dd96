import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { parseDomainName } from "~/domain/names";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { withServerDb } from "~tests/e2e/support/server-db";

/** A premium name of this test's own, in Unicode, so the subject's Unicode form is checked too. */
async function createPremiumDomain() {
  const parsed = parseDomainName(`förfrågan${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.se`);
  if (!parsed.ok) throw new Error("bad test name");
  await withServerDb((client) =>
    client.query(
      "insert into domains (name, unicode_name, tld, status, length, price, is_featured, description) values ($1, $2, $3, 'premium', $4, 49000, true, 'Ett fint namn.')",
      [parsed.ace, parsed.unicode, parsed.tld, parsed.length],
    ),
  );
  return parsed.unicode;
}

async function outboxFor(domain: string, email: string) {
  return withServerDb(async (client) => {
    const { rows } = await client.query<{ kind: string; to_address: string; reply_to: string | null; subject: string; html: string }>(
      "select kind, to_address, reply_to, subject, html from email_outbox where subject = $1 or (kind = 'enquiry-confirmation' and to_address = $2) order by id",
      [`Domänförfrågan: ${domain}`, email],
    );
    return rows;
  });
}

async function openDialog(page: Page, domain: string) {
  await page.goto(`/d/${domain}`);
  await page.getByRole("button", { name: "Kontakta oss" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an enquiry from a premium domain page is validated, sent, toasted, and the dialog resets", async ({ page }) => {
  const domain = await createPremiumDomain();
  const email = `kund-${Date.now()}@example.se`;
  const dialog = await openDialog(page, domain);
  const interest = `Hej! Jag är intresserad av domänen ${domain}. Vänligen kontakta mig med mer information.`;
  await expect(dialog.getByLabel("Meddelande")).toHaveValue(interest);
  await expectNoAxeViolations(page);

  await dialog.getByLabel("Namn").fill("A");
  await dialog.getByLabel("E-post").fill("inte-en-adress");
  await dialog.getByLabel("Meddelande").fill("Kort");
  await dialog.getByRole("button", { name: "Skicka förfrågan" }).click();
  await expect(dialog.getByText("Namn måste vara minst 2 tecken.")).toBeVisible();
  await expect(dialog.getByText("Vänligen ange en giltig e-postadress.")).toBeVisible();
  await expect(dialog.getByText("Meddelandet måste vara minst 10 tecken.")).toBeVisible();
  await expect(dialog.getByLabel("Namn")).toBeFocused();
  await expectNoAxeViolations(page);

  await dialog.getByLabel("Namn").fill("<script>alert(1)</script> Anna");
  await dialog.getByLabel("E-post").fill(email);
  await dialog.getByLabel("Telefon (valfritt)").fill("070-123 45 67");
  await dialog.getByLabel("Meddelande").fill(`${interest} <b>Snälla</b> svara!`);
  await dialog.getByRole("button", { name: "Skicka förfrågan" }).click();

  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toContainText("Meddelande skickat");
  await expect(toast).toContainText("Tack för din förfrågan! Vi hör av oss inom kort.");
  await expect(dialog).toBeHidden();

  const mails = await outboxFor(domain, email);
  expect(mails.map((mail) => [mail.kind, mail.to_address, mail.subject])).toEqual([
    ["enquiry", "salj@snartlediga.se", `Domänförfrågan: ${domain}`],
    ["enquiry-confirmation", email, `Tack för din förfrågan om ${domain}`],
  ]);
  expect(mails[0].reply_to).toBe(email);
  expect(mails[0].html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Anna");
  expect(mails[0].html).toContain("070-123 45 67");
  expect(mails[0].html).not.toMatch(/<script|<b>/);

  // Reopened, the form starts over.
  await page.getByRole("button", { name: "Kontakta oss" }).click();
  await expect(page.getByRole("dialog").getByLabel("Namn")).toHaveValue("");
  await expect(page.getByRole("dialog").getByLabel("Meddelande")).toHaveValue(interest);
});

test("when sending fails the failure toast shows and the typed text is kept", async ({ page }) => {
  const domain = await createPremiumDomain();
  await page.route("**/api/enquiry", (route) => route.fulfill({ status: 502, body: "Bad Gateway" }));
  const dialog = await openDialog(page, domain);
  await dialog.getByLabel("Namn").fill("Anna Andersson");
  await dialog.getByLabel("E-post").fill("anna@example.se");
  await dialog.getByRole("button", { name: "Skicka förfrågan" }).click();

  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toContainText("Ett fel uppstod");
  await expect(toast).toContainText("Kunde inte skicka förfrågan. Försök igen senare.");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Namn")).toHaveValue("Anna Andersson");
  await expect(dialog.getByLabel("E-post")).toHaveValue("anna@example.se");

  // Closed and reopened, the text is still there.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Kontakta oss" }).click();
  await expect(page.getByRole("dialog").getByLabel("Namn")).toHaveValue("Anna Andersson");
});

test("the enquiry API refuses names that are not for sale and answers field errors as JSON", async ({ request, baseURL }) => {
  const headers = { origin: baseURL! };
  expect((await request.get("/api/enquiry")).status()).toBe(405);
  const notForSale = await request.post("/api/enquiry", {
    form: { domain: "räksmörgås.se", name: "Anna", email: "anna@example.se", phone: "", message: "Hej, vad kostar den?" },
    headers,
  });
  expect(notForSale.status()).toBe(404);
  expect(await notForSale.json()).toMatchObject({ ok: false, formError: "Den här domänen är inte till salu." });

  const invalid = await request.post("/api/enquiry", {
    form: { domain: "hund.se", name: "Anna\r\nBcc: x@y.z", email: "anna@example.se", phone: "", message: "x".repeat(20_000) },
    headers,
  });
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).fieldErrors).toEqual({
    name: "Namnet får inte innehålla radbrytningar.",
    message: "Meddelandet får vara högst 5000 tecken.",
  });
});
