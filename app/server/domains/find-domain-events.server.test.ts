import { expect, it } from "vitest";
import { describeEachEngine } from "~tests/setup/test-db";
import { DOMAIN_EVENTS_LIMIT, findDomainEvents, recordDomainEvents } from "./events.server";

describeEachEngine("findDomainEvents", ({ handle }) => {
  it("lists one name's events newest first, and no other name's", async () => {
    const { db, query } = handle();
    await recordDomainEvents(db, [{ domainName: "hund.se", type: "imported", toStatus: "soonavailable" }]);
    await query("update domain_events set created_at = '2025-01-01T10:00:00Z'");
    await recordDomainEvents(db, [
      { domainName: "hund.se", type: "released", fromStatus: "soonavailable", toStatus: "available" },
      { domainName: "katt.se", type: "imported" },
    ]);

    const events = await findDomainEvents(db, "hund.se");

    expect(events.map((event) => event.type)).toEqual(["released", "imported"]);
    expect(events[0]).toMatchObject({ fromStatus: "soonavailable", toStatus: "available" });
    expect(events[1].createdAt).toBe("2025-01-01T10:00:00.000Z");
  });

  it("orders events of the same moment by when they were written", async () => {
    const { db } = handle();
    await recordDomainEvents(db, [
      { domainName: "hund.se", type: "featured" },
      { domainName: "hund.se", type: "unfeatured" },
    ]);
    expect((await findDomainEvents(db, "hund.se")).map((event) => event.type)).toEqual(["unfeatured", "featured"]);
  });

  it("is bounded, whatever limit is asked for", async () => {
    const { db } = handle();
    await recordDomainEvents(
      db,
      Array.from({ length: DOMAIN_EVENTS_LIMIT + 5 }, () => ({ domainName: "hund.se", type: "imported" })),
    );
    expect(await findDomainEvents(db, "hund.se", 10_000)).toHaveLength(DOMAIN_EVENTS_LIMIT);
    expect(await findDomainEvents(db, "hund.se", 3)).toHaveLength(3);
  });
});
