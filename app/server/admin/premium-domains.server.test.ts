import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { createDomain, createDomains } from "~tests/factories/domains";
import { insertUserRow } from "~tests/factories/admin";
import { insertZone } from "~tests/factories/zone";
import { parsePremiumDomainForm, type PremiumDomainInput } from "~/lib/admin-forms";
import { bookmarks, domainEvents, domains } from "~/server/db/schema/index.server";
import { addPremiumDomain } from "./add-premium-domain.server";
import { deletePremiumDomain } from "./delete-premium-domain.server";
import { listPremiumDomains } from "./list-premium-domains.server";
import { updatePremiumDomain } from "./update-premium-domain.server";

const actor = { id: "admin-1" };

function input(form: Parameters<typeof parsePremiumDomainForm>[0]): PremiumDomainInput {
  const parsed = parsePremiumDomainForm(form);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

describeEachEngine("premium domains", ({ handle }) => {
  const row = async (name: string) => (await handle().db.select().from(domains).where(eq(domains.name, name)))[0];
  const events = (name: string) => handle().db.select().from(domainEvents).where(eq(domainEvents.domainName, name));

  it("adds a new name as premium and featured, with derived TLD, length, score and word class", async () => {
    const result = await addPremiumDomain(handle().db, input({ name: "räksmörgås", tld: "se", price: "0", description: "Fint" }), actor);
    expect(result).toEqual({ ok: true, name: "xn--rksmrgs-5wao1o.se", unicodeName: "räksmörgås.se", created: true });
    expect(await row("xn--rksmrgs-5wao1o.se")).toMatchObject({
      unicodeName: "räksmörgås.se",
      tld: ".se",
      status: "premium",
      isFeatured: true,
      length: 10,
      price: null,
      description: "Fint",
      nameChars: 9,
      wordClass: 2, // "räksmörgås" is a word
    });
    expect((await row("xn--rksmrgs-5wao1o.se")).score).toBeGreaterThan(0);
    expect(await events("xn--rksmrgs-5wao1o.se")).toMatchObject([{ type: "premium-added", toStatus: "premium", source: "admin:admin-1" }]);
  });

  it("gives a new name its stored family flags at once (decision 0087)", async () => {
    await insertZone(handle().db, ".nu", new Date("2030-01-01T06:00:00Z"), [{ name: "hund.nu", nameServers: ["ns1.loopia.se"] }]);
    await addPremiumDomain(handle().db, input({ name: "hund", price: "15000" }), actor);
    // Its sibling hund.nu is delegated; no twin is (one snapshot, of any TLD, makes the twins known).
    expect(await row("hund.se")).toMatchObject({ siblingRegistered: true, twinRegistered: false });
  });

  it("turns a known name with another status into a premium name, keeping its release date and description", async () => {
    await createDomain(handle().db, {
      name: "hund.se",
      status: "soonavailable",
      releaseDate: "2030-01-10",
      description: "Gammal text",
      isFeatured: false,
    });
    const result = await addPremiumDomain(handle().db, input({ name: "hund", price: "15000" }), actor);
    expect(result).toEqual({ ok: true, name: "hund.se", unicodeName: "hund.se", created: false, previousStatus: "soonavailable" });
    expect(await row("hund.se")).toMatchObject({
      status: "premium",
      isFeatured: true,
      price: 15000,
      releaseDate: "2030-01-10",
      description: "Gammal text",
    });
    expect(await events("hund.se")).toMatchObject([{ type: "premium-added", fromStatus: "soonavailable", toStatus: "premium" }]);
  });

  it("refuses a name that is already premium and changes nothing", async () => {
    await createDomain(handle().db, { name: "katt.nu", status: "premium", price: 5000 });
    expect(await addPremiumDomain(handle().db, input({ name: "katt.nu", price: "1" }), actor)).toEqual({
      ok: false,
      reason: "already-premium",
    });
    expect((await row("katt.nu")).price).toBe(5000);
  });

  it("updates the price and description of a premium name only, noting both in its history", async () => {
    await createDomains(handle().db, [
      { name: "katt.nu", status: "premium", price: 5000, description: "A" },
      { name: "hund.se", status: "available" },
    ]);
    expect(await updatePremiumDomain(handle().db, "katt.nu", { price: null, description: "B" }, actor)).toEqual({ ok: true });
    expect(await row("katt.nu")).toMatchObject({ price: null, description: "B", status: "premium" });
    expect((await events("katt.nu")).map((event) => event.type).sort()).toEqual(["description-changed", "price-changed"]);
    expect(await updatePremiumDomain(handle().db, "hund.se", { price: 1, description: null }, actor)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await row("hund.se")).price).toBeNull();
  });

  it("deletes a premium name, keeping its history and everyone's watch of it", async () => {
    const db = handle().db;
    await createDomains(db, [
      { name: "katt.nu", status: "premium" },
      { name: "hund.se", status: "available" },
    ]);
    await insertUserRow(db, { id: "u1" });
    await db.insert(bookmarks).values([
      { userId: "u1", domainName: "katt.nu" },
      { userId: "u1", domainName: "hund.se" },
    ]);
    await addPremiumDomain(db, input({ name: "ny" }), actor);

    expect(await deletePremiumDomain(db, "katt.nu", actor)).toEqual({ ok: true, watchers: 1 });
    expect(await row("katt.nu")).toBeUndefined();
    // Watches are kept by name: the name left the lists, not the user's watch list.
    expect((await db.select().from(bookmarks)).map((watch) => watch.domainName).sort()).toEqual(["hund.se", "katt.nu"]);
    expect(await events("katt.nu")).toMatchObject([{ type: "premium-removed", fromStatus: "premium" }]);
    // Only premium names are deleted here.
    expect(await deletePremiumDomain(db, "hund.se", actor)).toEqual({ ok: false, reason: "not-found" });
    expect(await row("hund.se")).toBeDefined();
  });

  it("lists premium names by name in Swedish order, a page at a time, with their bookmark counts", async () => {
    const db = handle().db;
    await createDomains(db, [
      { name: "örn.se", status: "premium" },
      { name: "ärta.se", status: "premium" },
      { name: "åka.se", status: "premium" },
      { name: "bil.se", status: "premium", price: null, description: null },
      { name: "and.nu", status: "premium" },
      { name: "hund.se", status: "available" },
    ]);
    await insertUserRow(db, { id: "u1" });
    await db.insert(bookmarks).values({ userId: "u1", domainName: "bil.se" });
    const first = await listPremiumDomains(db, { page: 1, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.domains).toEqual([
      { name: "and.nu", unicodeName: "and.nu", price: 25000, description: "En premiumdomän för tester.", bookmarkCount: 0 },
      { name: "bil.se", unicodeName: "bil.se", price: null, description: null, bookmarkCount: 1 },
    ]);
    expect((await listPremiumDomains(db, { page: 2, pageSize: 2 })).domains.map((d) => d.unicodeName)).toEqual(["åka.se", "ärta.se"]);
    expect((await listPremiumDomains(db, { page: 3, pageSize: 2 })).domains.map((d) => d.unicodeName)).toEqual(["örn.se"]);
  });

  it("searches premium names by a part of either form of the name, a page at a time, premium names only", async () => {
    const db = handle().db;
    await createDomains(db, [
      { name: "hundar.se", status: "premium" },
      { name: "hund.nu", status: "premium" },
      { name: "superhund.se", status: "premium" },
      { name: "katt.se", status: "premium" },
      { name: "räksmörgås.se", status: "premium" },
      { name: "hundkoja.se", status: "available" },
    ]);
    const names = async (search: string, page = 1) =>
      (await listPremiumDomains(db, { page, pageSize: 2, search })).domains.map((d) => d.unicodeName);
    expect(await listPremiumDomains(db, { page: 1, pageSize: 2, search: "hund" })).toMatchObject({ total: 3 });
    expect(await names("hund")).toEqual(["hund.nu", "hundar.se"]);
    expect(await names("hund", 2)).toEqual(["superhund.se"]);
    expect(await names("räk")).toEqual(["räksmörgås.se"]);
    // The ACE form, as pasted from a registrar.
    expect(await names("xn--rksmrgs")).toEqual(["räksmörgås.se"]);
    expect(await names("100%")).toEqual([]);
    expect((await listPremiumDomains(db, { page: 1, search: null })).total).toBe(5);
  });
});
