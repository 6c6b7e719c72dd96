import { expect, it } from "vitest";
import { insertDomain } from "~tests/factories/domain-detail";
import { describeEachEngine } from "~tests/setup/test-db";
import { findDomainEvents } from "./events.server";
import { getDomainDetail } from "./detail.server";
import { setDomainFeatured } from "./set-domain-featured.server";

describeEachEngine("setDomainFeatured", ({ handle }) => {
  it("highlights a name and records who did it", async () => {
    const { db } = handle();
    await insertDomain(db, "hund.se", { isFeatured: false });

    const result = await setDomainFeatured(db, "hund.se", true, { id: "admin-1" });

    expect(result).toEqual({ found: true, featured: true, changed: true });
    expect((await getDomainDetail(db, "hund.se"))?.isFeatured).toBe(true);
    const [event] = await findDomainEvents(db, "hund.se");
    expect(event).toMatchObject({ type: "featured" });
    const [row] = await handle().query<{ source: string }>("select source from domain_events where domain_name = 'hund.se'");
    expect(row.source).toBe("admin:admin-1");
  });

  it("removes the highlight", async () => {
    const { db } = handle();
    await insertDomain(db, "hund.se", { isFeatured: true });
    expect(await setDomainFeatured(db, "hund.se", false, { id: "admin-1" })).toEqual({ found: true, featured: false, changed: true });
    expect((await getDomainDetail(db, "hund.se"))?.isFeatured).toBe(false);
    expect((await findDomainEvents(db, "hund.se")).map((event) => event.type)).toEqual(["unfeatured"]);
  });

  it("writes nothing when the value is already set", async () => {
    const { db } = handle();
    await insertDomain(db, "hund.se", { isFeatured: true });
    expect(await setDomainFeatured(db, "hund.se", true, { id: "admin-1" })).toEqual({ found: true, featured: true, changed: false });
    expect(await findDomainEvents(db, "hund.se")).toEqual([]);
  });

  it("reports a name that does not exist without writing", async () => {
    const { db } = handle();
    expect(await setDomainFeatured(db, "finnsinte.se", true, { id: "admin-1" })).toEqual({ found: false });
    expect(await findDomainEvents(db, "finnsinte.se")).toEqual([]);
  });
});
