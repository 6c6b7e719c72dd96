import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { describeNetworkFailure } from "./network-failure.server";

describe("describeNetworkFailure", () => {
  it("says what fetch's 'fetch failed' hides: a refused connection", async () => {
    // A port that was just free: nothing listens there.
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as { port: number };
    await new Promise((done) => server.close(done));
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("fetch failed");
    expect(describeNetworkFailure(error)).toBe("connection refused");
  });

  it("reads a code on the error itself, and falls back to the innermost message", () => {
    expect(describeNetworkFailure(Object.assign(new Error("getaddrinfo ENOTFOUND x"), { code: "ENOTFOUND" }))).toBe("host not found");
    expect(describeNetworkFailure(new Error("outer", { cause: new Error("inner detail") }))).toBe("inner detail");
    expect(describeNetworkFailure(null)).toBe("unknown network error");
  });
});
