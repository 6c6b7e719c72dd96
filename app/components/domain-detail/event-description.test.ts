import { describe, expect, it } from "vitest";
import { describeDomainEvent } from "./event-description";

describe("describeDomainEvent", () => {
  it.each([
    [{ type: "imported", fromStatus: null, toStatus: "soonavailable" }, "Kom med på registrets lista över domäner som snart släpps"],
    [{ type: "featured", fromStatus: null, toStatus: null }, "Markerades som utvald"],
    [{ type: "status-changed", fromStatus: "available", toStatus: "registered" }, "Status ändrades från tillgänglig till registrerad"],
    [{ type: "status-changed", fromStatus: null, toStatus: "premium" }, "Status ändrades till premium"],
    [{ type: "something-new", fromStatus: null, toStatus: null }, "Uppgifterna uppdaterades"],
  ])("%o → %s", (event, text) => {
    expect(describeDomainEvent(event)).toBe(text);
  });
});
