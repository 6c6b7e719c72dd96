import { describe, expect, it } from "vitest";
import { completeDomainHistory, type ReleaseFacts } from "./domain-history";
import type { DomainEvent } from "./domain-page";

const release = (overrides: Partial<ReleaseFacts>): ReleaseFacts => ({
  releaseDate: "2030-01-20",
  listedOn: "2030-01-01",
  renewedOn: null,
  releasedAt: null,
  firstFreeAt: null,
  takenAt: null,
  ...overrides,
});
const event = (id: number, type: string, createdAt: string, toStatus: string | null = null): DomainEvent => ({
  id,
  type,
  fromStatus: null,
  toStatus,
  detail: null,
  createdAt,
});
const types = (events: DomainEvent[]) => events.map((entry) => entry.type);

describe("completeDomainHistory", () => {
  it("tells a release's facts that no event tells, newest first, the catch after its first free answer", () => {
    const facts = release({
      releasedAt: "2030-01-20T04:00:00.000Z",
      firstFreeAt: "2030-01-20T05:15:00.000Z",
      takenAt: "2030-01-20T05:15:00.000Z",
    });
    expect(types(completeDomainHistory([], [facts], 50))).toEqual(["taken", "seen-free", "released", "imported"]);
  });

  it("leaves out what the recorded events already tell within the release, and keeps the other events", () => {
    const events = [
      event(3, "featured", "2030-01-10T09:00:00.000Z"),
      event(2, "released", "2030-01-20T04:00:03.000Z", "available"),
      event(1, "imported", "2030-01-01T02:00:00.000Z", "soonavailable"),
    ];
    const facts = release({ releasedAt: "2030-01-20T04:00:03.000Z" });
    expect(completeDomainHistory(events, [facts], 50)).toEqual([events[1], events[0], events[2]]);
  });

  it("tells a renewal, and a second release's listing even when the first one's was recorded", () => {
    const events = [event(1, "imported", "2030-01-01T02:00:00.000Z", "soonavailable")];
    const first = release({ renewedOn: "2030-01-10" });
    const second = release({ releaseDate: "2030-06-01", listedOn: "2030-05-01" });
    expect(types(completeDomainHistory(events, [second, first], 50))).toEqual(["imported", "renewed", "imported"]);
  });

  it("keeps at most the limit, the newest", () => {
    const facts = release({ releasedAt: "2030-01-20T04:00:00.000Z", takenAt: "2030-01-21T04:00:00.000Z" });
    expect(types(completeDomainHistory([], [facts], 2))).toEqual(["taken", "released"]);
  });
});
