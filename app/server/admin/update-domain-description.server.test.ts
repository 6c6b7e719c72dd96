import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { createDomain } from "~tests/factories/domains";
import { domainEvents, domains } from "~/server/db/schema/index.server";
import { updateDomainDescription } from "./update-domain-description.server";

describeEachEngine("updateDomainDescription", ({ handle }) => {
  const description = async (name: string) =>
    (await handle().db.select({ description: domains.description }).from(domains).where(eq(domains.name, name)))[0]?.description;

  it("sets, keeps and clears a description, noting real changes in the history", async () => {
    const db = handle().db;
    await createDomain(db, { name: "hund.se", status: "available" });
    expect(await updateDomainDescription(db, "hund.se", "  En fin hund.  ", { id: "a" })).toEqual({ ok: true, changed: true });
    expect(await description("hund.se")).toBe("En fin hund.");
    expect(await updateDomainDescription(db, "hund.se", "En fin hund.", { id: "a" })).toEqual({ ok: true, changed: false });
    expect(await updateDomainDescription(db, "hund.se", "   ", { id: "a" })).toEqual({ ok: true, changed: true });
    expect(await description("hund.se")).toBeNull();
    const history = await db.select().from(domainEvents).where(eq(domainEvents.domainName, "hund.se"));
    expect(history.map((event) => [event.type, event.source])).toEqual([
      ["description-changed", "admin:a"],
      ["description-changed", "admin:a"],
    ]);
  });

  it("refuses a 100 KB description and an unknown name, changing nothing", async () => {
    const db = handle().db;
    await createDomain(db, { name: "hund.se", status: "available", description: "Kvar" });
    expect(await updateDomainDescription(db, "hund.se", "x".repeat(100 * 1024), { id: "a" })).toEqual({ ok: false, reason: "too-long" });
    expect(await description("hund.se")).toBe("Kvar");
    expect(await updateDomainDescription(db, "okand.se", "Text", { id: "a" })).toEqual({ ok: false, reason: "not-found" });
  });
});
