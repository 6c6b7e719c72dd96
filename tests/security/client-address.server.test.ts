// Who counts as one client for the per-address limits. The outside probe's low findings 1
// and 5: 25 addresses of one IPv6 /64 (and an IPv4 address beside its ::ffff: form) each got
// their own event streams on /slapps-idag; and with TRUST_PROXY an X-Forwarded-For whose last
// entry is not an address switched the per-address limits off (35 downloads where 30 may).
import { afterEach, expect, it } from "vitest";
import { loader as exportLoader } from "~/routes/exports/list-export";
import { DOWNLOAD_RATE_LIMIT } from "~/server/exports/download-limit.server";
import { loader as eventsLoader } from "~/routes/public/release-today-events";
import { forgetReleaseBoardHubForTests, MAX_STREAMS_PER_CLIENT } from "~/server/availability/release-board-live.server";
import { clientAddressOf } from "~/server/security/client-ip.server";
import { callRoute } from "./support/call-route";
import { describeWithSecurityWorld, getRequest } from "./support/security-world";

const aborts: AbortController[] = [];
afterEach(() => {
  for (const abort of aborts.splice(0)) abort.abort();
  forgetReleaseBoardHubForTests();
});

/** Opens /slapps-idag/events as the server hands it a request from `address` (server/app.ts sets x-client-ip). */
function openStream(address: string): Response {
  const abort = new AbortController();
  aborts.push(abort);
  const request = new Request(getRequest("/slapps-idag/events", { headers: { "x-client-ip": address } }), { signal: abort.signal });
  return eventsLoader({ request } as never) as Response;
}

describeWithSecurityWorld("one client, however its address is written", () => {
  it(`the event streams of one IPv6 /64 count together: the ${MAX_STREAMS_PER_CLIENT + 1}st is refused, another /64 is not`, () => {
    const statuses = Array.from({ length: 25 }, (_, host) => openStream(`2001:db8:7:8::${(host + 1).toString(16)}`).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_STREAMS_PER_CLIENT);
    expect(statuses.slice(MAX_STREAMS_PER_CLIENT)).toEqual([429, 429, 429, 429, 429]);
    expect(openStream("2001:db8:7:9::1").status).toBe(200);
  });

  it("an IPv4 address and its ::ffff: form hold one count of event streams", () => {
    for (let stream = 0; stream < MAX_STREAMS_PER_CLIENT / 2; stream++) expect(openStream("203.0.113.30").status).toBe(200);
    for (let stream = 0; stream < MAX_STREAMS_PER_CLIENT / 2; stream++) expect(openStream("::ffff:203.0.113.30").status).toBe(200);
    expect(openStream("::ffff:cb00:711e").status).toBe(429);
    expect(openStream("203.0.113.30").status).toBe(429);
  });

  it("with TRUST_PROXY, a last X-Forwarded-For entry that is not an address counts as the socket's address", async () => {
    const socketAddress = "198.51.100.40";
    for (const forwardedFor of ["nonsense", "203.0.113.1, unknown", "203.0.113.1, 203.0.113.2:8080", "_hidden", "203.0.113"]) {
      expect(clientAddressOf({ trustProxy: true, forwardedFor, socketAddress }), forwardedFor).toBe(socketAddress);
    }
    // An address is taken, in either family; without TRUST_PROXY the header is never read.
    expect(clientAddressOf({ trustProxy: true, forwardedFor: "10.0.0.1, 203.0.113.9", socketAddress })).toBe("203.0.113.9");
    expect(clientAddressOf({ trustProxy: true, forwardedFor: "2001:db8::5", socketAddress })).toBe("2001:db8::5");
    expect(clientAddressOf({ trustProxy: false, forwardedFor: "203.0.113.9", socketAddress })).toBe(socketAddress);

    // The probe's attack: downloads past the limit with a forwarded value that is not an address.
    const address = clientAddressOf({ trustProxy: true, forwardedFor: "not-an-address", socketAddress });
    const statuses: number[] = [];
    for (let download = 0; download < DOWNLOAD_RATE_LIMIT.points + 5; download++) {
      const outcome = await callRoute(exportLoader as never, getRequest("/export/premium.csv", { headers: { "x-client-ip": address } }), {
        file: "premium.csv",
      });
      statuses.push(outcome.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(DOWNLOAD_RATE_LIMIT.points);
    expect(statuses.at(-1)).toBe(429);
  });
});
