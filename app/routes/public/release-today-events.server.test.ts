// The board's event stream through its route: the process's one hub, on a real database of each engine.
import { eventReader } from "~tests/support/event-stream-reader";
import { afterEach, expect, it } from "vitest";
import { todayUtc } from "~/domain/utc-dates";
import { closeReleaseBoardStreams, forgetReleaseBoardHubForTests } from "~/server/availability/release-board-live.server";
import { useDatabaseForTests } from "~/server/services.server";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { loader as eventsLoader } from "./release-today-events";

const aborts: AbortController[] = [];
afterEach(() => {
  for (const abort of aborts.splice(0)) abort.abort();
  forgetReleaseBoardHubForTests();
});
function open(handler: (signal: AbortSignal) => Response) {
  const abort = new AbortController();
  aborts.push(abort);
  return eventReader(handler(abort.signal));
}

describeEachEngine("/slapps-idag/events", ({ handle }) => {
  it("sends a name's change to an open board once the rounds store it", async () => {
    useDatabaseForTests(handle());
    const today = todayUtc(new Date());
    await createDomains(handle().db, [
      { name: "strommen.se", status: "available", releaseDate: today },
      { name: "lugnet.se", status: "available", releaseDate: today },
    ]);
    await handle().query(
      `insert into release_outcomes (domain_name, release_date, tld, length, name_chars, listed_on, released_at)
       select name, release_date, tld, length, name_chars, release_date, now() from domains`,
    );
    const events = open(
      (signal) => eventsLoader({ request: new Request("http://test/slapps-idag/events", { signal }) } as never) as Response,
    );
    // A new connection first gets what has been seen so far: nothing yet.
    expect(await events.next("board")).toMatchObject({ releaseDate: today, changes: [] });

    const freeAt = new Date();
    await handle().query("update release_outcomes set first_free_at = $1, last_free_at = $1 where domain_name = 'strommen.se'", [freeAt]);
    await handle().query("update domains set last_checked_at = $1 where name = 'strommen.se'", [freeAt]);
    expect(await events.next("change")).toMatchObject({ changes: [["strommen.se", freeAt.getTime(), null]] });

    const takenAt = new Date(freeAt.getTime() + 90_000);
    await handle().query("update release_outcomes set taken_at = $1 where domain_name = 'strommen.se'", [takenAt]);
    expect(await events.next("change")).toMatchObject({ changes: [["strommen.se", freeAt.getTime(), takenAt.getTime()]] });

    // Shutdown ends the stream.
    closeReleaseBoardStreams();
    expect(await events.next("change")).toBeNull();
  });
});
