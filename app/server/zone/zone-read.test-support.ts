import { expect } from "vitest";

import { ZoneReadError } from "./dns-tcp.server";

/** The ZoneReadError a reading fails with; fails the test when it succeeds or fails otherwise. */
export async function zoneReadFailureOf(promise: Promise<unknown>): Promise<ZoneReadError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ZoneReadError);
  return error as ZoneReadError;
}
