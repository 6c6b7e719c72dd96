import { afterEach, describe, expect, it } from "vitest";
import {
  databaseLooksDown,
  isDatabaseUnavailableError,
  noteDatabaseUnavailable,
  resetDatabaseAvailabilityForTests,
} from "./database-availability.server";

afterEach(() => resetDatabaseAvailabilityForTests());

describe("isDatabaseUnavailableError", () => {
  it.each([
    [Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }), true],
    [Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }), true],
    [new Error("Connection terminated unexpectedly"), true],
    [new Error("wrapped", { cause: Object.assign(new Error("x"), { code: "57P03" }) }), true],
    [Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: "23505" }), false],
    [new Error("Something else"), false],
    [null, false],
  ])("%s → %s", (error, expected) => {
    expect(isDatabaseUnavailableError(error)).toBe(expected);
  });
});

describe("the outage circuit", () => {
  it("opens on an outage and closes once the probe succeeds", async () => {
    let reachable = false;
    noteDatabaseUnavailable(async () => {
      if (!reachable) throw new Error("still down");
    });
    expect(databaseLooksDown()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(databaseLooksDown()).toBe(true);
    reachable = true;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(databaseLooksDown()).toBe(false);
  });
});
