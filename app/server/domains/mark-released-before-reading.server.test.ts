import { beforeEach, expect, it, vi } from "vitest";
import { createDomains } from "~tests/factories/domains";
import { describeEachEngine } from "~tests/setup/test-db";
import { domainCacheVersion, invalidateDomainCaches } from "~/server/cache/domain-cache.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import {
  ensureReleasedNamesMarked,
  forgetMarkedReleasedForTests,
  markReleasedDue,
  RETRY_MARK_RELEASED_AFTER_MS,
} from "./mark-released.server";

const at = (iso: string) => new Date(iso);

beforeEach(() => forgetMarkedReleasedForTests());

describeEachEngine("ensureReleasedNamesMarked", ({ handle }) => {
  const status = async (name: string) =>
    (await handle().query<{ status: string }>("select status from domains where name = $1", [name]))[0]?.status;
  /** The handle with its statements counted. */
  const counted = () => {
    const calls = { statements: 0 };
    const real = handle();
    const wrapped: DatabaseHandle = {
      ...real,
      query: (text, params) => {
        calls.statements++;
        return real.query(text, params);
      },
    };
    return { wrapped, calls };
  };

  it("releases today's names before the first request after 04:00 UTC, once, and drops the cached pages", async () => {
    await createDomains(handle().db, [
      { name: "idag.se", status: "soonavailable", releaseDate: "2030-05-10" },
      { name: "imorgon.se", status: "soonavailable", releaseDate: "2030-05-11" },
    ]);
    const { wrapped, calls } = counted();

    await ensureReleasedNamesMarked(wrapped, at("2030-05-10T03:59:59.000Z"));
    expect(await status("idag.se")).toBe("soonavailable");
    expect(markReleasedDue(at("2030-05-10T03:59:59.500Z"))).toBe(false);

    const before = domainCacheVersion();
    expect(markReleasedDue(at("2030-05-10T04:00:00.000Z"))).toBe(true);
    await ensureReleasedNamesMarked(wrapped, at("2030-05-10T04:00:00.200Z"));
    expect(await status("idag.se")).toBe("available");
    expect(await status("imorgon.se")).toBe("soonavailable");
    expect(domainCacheVersion()).toBeGreaterThan(before);
    const [event] = await handle().query("select domain_name, type, source from domain_events");
    expect(event).toEqual({ domain_name: "idag.se", type: "released", source: "web:release-before-reading" });

    // Later requests that morning run nothing.
    const statements = calls.statements;
    await ensureReleasedNamesMarked(wrapped, at("2030-05-10T09:00:00Z"));
    expect(calls.statements).toBe(statements);
    expect(markReleasedDue(at("2030-05-11T03:59:59Z"))).toBe(false);
    expect(markReleasedDue(at("2030-05-11T04:00:00Z"))).toBe(true);
  });

  it("checks on the first request after startup, whatever the hour", async () => {
    await createDomains(handle().db, [{ name: "igar.se", status: "soonavailable", releaseDate: "2030-05-09" }]);
    expect(markReleasedDue(at("2030-05-10T02:00:00Z"))).toBe(true);
    await ensureReleasedNamesMarked(handle(), at("2030-05-10T02:00:00Z"));
    expect(await status("igar.se")).toBe("available");
  });

  it("lets requests that arrive together share one run", async () => {
    await createDomains(handle().db, [{ name: "idag.se", status: "soonavailable", releaseDate: "2030-05-10" }]);
    const { wrapped, calls } = counted();
    const now = at("2030-05-10T04:00:01Z");
    await Promise.all([
      ensureReleasedNamesMarked(wrapped, now),
      ensureReleasedNamesMarked(wrapped, now),
      ensureReleasedNamesMarked(wrapped, now),
    ]);
    expect(calls.statements).toBe(1);
    expect(await handle().query("select count(*)::int as n from domain_events")).toEqual([{ n: 1 }]);
  });

  it("checks again after any change to domains, which may have stored a released name as soon-available", async () => {
    const now = at("2030-05-10T08:00:00Z");
    await ensureReleasedNamesMarked(handle(), now);
    await createDomains(handle().db, [{ name: "sent.se", status: "soonavailable", releaseDate: "2030-05-10" }]);
    expect(markReleasedDue(now)).toBe(false);
    invalidateDomainCaches();
    expect(markReleasedDue(now)).toBe(true);
    await ensureReleasedNamesMarked(handle(), now);
    expect(await status("sent.se")).toBe("available");
    expect(markReleasedDue(now)).toBe(false);
  });

  it("lets the request go on when the database fails, logs it, and tries again on a later request", async () => {
    await createDomains(handle().db, [{ name: "idag.se", status: "soonavailable", releaseDate: "2030-05-10" }]);
    const warn = vi.spyOn(logger, "warn");
    const failing: DatabaseHandle = { ...handle(), query: () => Promise.reject(new Error("connection reset")) };
    const now = at("2030-05-10T04:00:01Z");

    await expect(ensureReleasedNamesMarked(failing, now)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    expect(markReleasedDue(new Date(now.getTime() + RETRY_MARK_RELEASED_AFTER_MS - 1))).toBe(false);

    const later = new Date(now.getTime() + RETRY_MARK_RELEASED_AFTER_MS);
    expect(markReleasedDue(later)).toBe(true);
    await ensureReleasedNamesMarked(handle(), later);
    expect(await status("idag.se")).toBe("available");
  });
});
