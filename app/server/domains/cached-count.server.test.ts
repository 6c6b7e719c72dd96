import { describe, expect, it, vi } from "vitest";
import type { Db } from "../db/client.server";
import { cachedCount, COUNT_TTL_MS } from "./cached-count.server";

const fakeDb = () => ({}) as Db;

describe("cachedCount", () => {
  it("reuses a count until it expires, per database and key", async () => {
    const db = fakeDb();
    const count = vi.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2).mockResolvedValueOnce(3);
    expect(await cachedCount(db, "soon", count, 0)).toBe(1);
    expect(await cachedCount(db, "soon", count, COUNT_TTL_MS - 1)).toBe(1);
    expect(await cachedCount(db, "soon", count, COUNT_TTL_MS)).toBe(2);
    expect(await cachedCount(fakeDb(), "soon", count, 1)).toBe(3);
    expect(count).toHaveBeenCalledTimes(3);
  });

  it("does not keep a failed count", async () => {
    const db = fakeDb();
    const count = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce(7);
    await expect(cachedCount(db, "k", count, 0)).rejects.toThrow("down");
    expect(await cachedCount(db, "k", count, 1)).toBe(7);
  });
});
