import { afterEach, expect, it } from "vitest";
import { eventReader } from "~tests/support/event-stream-reader";
import { createBoardHub, MAX_STREAMS_PER_CLIENT } from "./release-board-live.server";
import type { StoredBoard } from "./release-board.server";

const aborts: AbortController[] = [];
afterEach(() => {
  for (const abort of aborts.splice(0)) abort.abort();
});
function open(handler: (signal: AbortSignal) => Response) {
  const abort = new AbortController();
  aborts.push(abort);
  return eventReader(handler(abort.signal));
}

const board = (firstFreeAt: number | null): StoredBoard => ({
  releaseDate: "2030-02-14",
  names: [
    {
      name: "a.se",
      unicodeName: "a.se",
      tld: ".se",
      length: 1,
      nameChars: 1,
      wordClass: null,
      score: null,
      firstFreeAt,
      takenAt: null,
      bookmarked: false,
    },
  ],
  morning: { startedAt: null, lastRoundAt: null, delayedSince: null, finishedAt: null },
});

it("reads the board once per look for every open connection, and stops when the last one leaves", async () => {
  let reads = 0;
  let firstFreeAt: number | null = null;
  const hub = createBoardHub({
    read: async () => {
      reads++;
      return board(firstFreeAt);
    },
    now: () => new Date("2030-02-14T04:30:00Z"),
    pollMs: 20,
  });
  const viewers = Array.from({ length: 50 }, () => open((signal) => hub.stream(signal)));
  for (const viewer of viewers) expect(await viewer.next("board")).toMatchObject({ changes: [] });
  const readsForFifty = reads;
  expect(readsForFifty).toBeLessThanOrEqual(2);

  firstFreeAt = Date.parse("2030-02-14T04:31:00Z");
  for (const viewer of viewers) expect(await viewer.next("change")).toMatchObject({ changes: [["a.se", firstFreeAt, null]] });

  for (const abort of aborts.splice(0)) abort.abort();
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(hub.size()).toBe(0);
  const after = reads;
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(reads).toBe(after);
});

it("refuses a client more streams than MAX_STREAMS_PER_CLIENT with a 429, and gives the slot back when one closes", async () => {
  const hub = createBoardHub({ read: async () => board(null), now: () => new Date("2030-02-14T04:30:00Z"), pollMs: 20 });
  const held = Array.from({ length: MAX_STREAMS_PER_CLIENT }, () => {
    const abort = new AbortController();
    aborts.push(abort);
    return { abort, response: hub.stream(abort.signal, "203.0.113.7") };
  });
  expect(held.every(({ response }) => response.status === 200)).toBe(true);

  const refused = hub.stream(new AbortController().signal, "203.0.113.7");
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toBe("60");
  expect(await refused.text()).toContain("För många öppna anslutningar");
  // Another address is not held back by this one.
  expect(open((signal) => hub.stream(signal, "198.51.100.2"))).toBeTruthy();
  expect(hub.size()).toBe(MAX_STREAMS_PER_CLIENT + 1);

  held[0].abort.abort();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const again = hub.stream(new AbortController().signal, "203.0.113.7");
  expect(again.status).toBe(200);
  await again.body?.cancel();
});
