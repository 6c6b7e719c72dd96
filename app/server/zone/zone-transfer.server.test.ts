import { afterEach, describe, expect, it } from "vitest";

import { freePort } from "~support/nsd-server";

import { ds, type FakeDnsServer, glue, ns, type Responder, responseMessage, soa, startFakeDnsServer } from "./fake-dns-server.test-support";
import { zoneReadFailureOf } from "./zone-read.test-support";
import { parseServerAddress } from "./dns-tcp.server";
import { isNewerSerial, querySoaSerial, transferZone } from "./zone-transfer.server";
import type { DelegationRecord, ZoneRead } from "./zone-records.server";

// Hand-made servers act out what a real one will not do on demand; the real one (NSD) is in zone-transfer-nsd.server.test.ts.
let fake: FakeDnsServer | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function serve(respond: Responder): Promise<string> {
  fake = await startFakeDnsServer(respond);
  return fake.server;
}

const fast = { tld: "se" as const, timeoutMs: 5000, idleTimeoutMs: 1000 };

async function recordsOf(read: ZoneRead): Promise<DelegationRecord[]> {
  if (read.kind !== "full") throw new Error(`expected a full read, got ${read.kind}`);
  const records: DelegationRecord[] = [];
  for await (const record of read.records) records.push(record);
  return records;
}

const zoneAnswers = [
  ns("se", "a.ns.se"),
  ns("Example.SE", "NS1.Example.NET."),
  ns("example.se", "ns2.example.net"),
  ds("example.se"),
  ns("inzone.se", "ns1.inzone.se"),
  glue("ns1.inzone.se", "192.0.2.1"),
  ns("deeper.example.se", "ns.elsewhere.net"),
];

describe("transferZone over AXFR", () => {
  it("yields the delegations of a transfer spread over several messages, and closes on the closing SOA", async () => {
    const server = await serve((query, socket) => {
      socket.write(responseMessage(query, [soa("se", 7), ...zoneAnswers.slice(0, 3)]));
      socket.write(responseMessage(query, zoneAnswers.slice(3)));
      socket.write(responseMessage(query, [soa("se", 7)]));
      // The connection stays open: the reader must stop at the closing SOA, not wait for the server to hang up.
    });
    const read = await transferZone({ ...fast, server });
    expect(read).toMatchObject({ kind: "full", tld: "se", serial: 7 });
    expect(await recordsOf(read)).toEqual([
      { name: "example.se", type: "NS", host: "ns1.example.net" },
      { name: "example.se", type: "NS", host: "ns2.example.net" },
      { name: "example.se", type: "DS" },
      { name: "inzone.se", type: "NS", host: "ns1.inzone.se" },
    ]);
  });

  it("throws at the end when the closing SOA differs from the opening one", async () => {
    const server = await serve((query, socket) => {
      socket.write(responseMessage(query, [soa("se", 7), ...zoneAnswers, soa("se", 8)]));
    });
    const read = await transferZone({ ...fast, server });
    const error = await zoneReadFailureOf(recordsOf(read));
    expect(error.failure).toBe("inconsistent");
    expect(error.message).toMatch(/began with serial 7 but ended with a different SOA \(serial 8\)/);
  });

  it("throws when only another field of the closing SOA differs", async () => {
    const server = await serve((query, socket) => {
      socket.write(responseMessage(query, [soa("se", 7), ...zoneAnswers, soa("se", 7, { minimum: 60 })]));
    });
    expect((await zoneReadFailureOf(recordsOf(await transferZone({ ...fast, server })))).failure).toBe("inconsistent");
  });

  it("throws when the server hangs up before the closing SOA", async () => {
    const server = await serve((query, socket) => {
      socket.end(responseMessage(query, [soa("se", 7), ...zoneAnswers]));
    });
    const error = await zoneReadFailureOf(recordsOf(await transferZone({ ...fast, server })));
    expect(error.failure).toBe("cut-off");
    expect(error.message).toMatch(/ended before its closing SOA record/);
  });

  it("throws when the stream is cut off in the middle of a message", async () => {
    const server = await serve((query, socket) => {
      socket.write(responseMessage(query, [soa("se", 7), ...zoneAnswers]));
      const second = responseMessage(query, zoneAnswers);
      socket.end(second.subarray(0, 20));
    });
    const error = await zoneReadFailureOf(recordsOf(await transferZone({ ...fast, server })));
    expect(error.failure).toBe("cut-off");
    expect(error.message).toMatch(/closed the connection in the middle of a message/);
  });

  it("throws on a transfer that does not begin with the zone's SOA", async () => {
    const server = await serve((query, socket) => socket.end(responseMessage(query, zoneAnswers)));
    expect((await zoneReadFailureOf(transferZone({ ...fast, server }))).message).toMatch(/does not begin with the zone's SOA/);
  });
});

describe("transferZone's faults", () => {
  it("says so when the connection is refused", async () => {
    const port = await freePort();
    const error = await zoneReadFailureOf(transferZone({ ...fast, server: `127.0.0.1:${port}` }));
    expect(error.failure).toBe("unreachable");
    expect(error.message).toBe(`The zone server 127.0.0.1:${port} refused the connection.`);
  });

  it("gives up on a server that accepts and then says nothing", async () => {
    const server = await serve(() => {});
    const error = await zoneReadFailureOf(transferZone({ ...fast, server, idleTimeoutMs: 150 }));
    expect(error.failure).toBe("timeout");
    expect(error.message).toMatch(/sent nothing for 150 ms/);
  });

  it("gives up on a server that trickles forever, at the overall timeout", async () => {
    const server = await serve((query, socket) => {
      socket.write(responseMessage(query, [soa("se", 7)]));
      const timer = setInterval(() => socket.write(responseMessage(query, [ns("slow.se", "ns.slow.net")])), 20);
      socket.on("close", () => clearInterval(timer));
    });
    const read = await transferZone({ ...fast, server, timeoutMs: 300, idleTimeoutMs: 5000 });
    const error = await zoneReadFailureOf(recordsOf(read));
    expect(error.failure).toBe("timeout");
    expect(error.message).toMatch(/did not finish within 300 ms/);
  });

  it("refuses garbage: bytes that are no DNS message", async () => {
    const server = await serve((_query, socket) => socket.end(Buffer.from([0, 5, 1, 2, 3, 4, 5])));
    const error = await zoneReadFailureOf(transferZone({ ...fast, server }));
    expect(error.failure).toBe("garbage");
    expect(error.message).toMatch(/not valid DNS/);
  });

  it("refuses garbage: a message that answers another query", async () => {
    const server = await serve((query, socket) => socket.end(responseMessage({ ...query, id: (query.id! + 1) % 65536 }, [soa("se", 7)])));
    expect((await zoneReadFailureOf(transferZone({ ...fast, server }))).message).toMatch(/not an answer to the query/);
  });

  it.each([
    [5, "REFUSED", /answered REFUSED \(it does not allow this address to transfer the zone\)/],
    [9, "NOTAUTH", /answered NOTAUTH \(it is not authoritative for the zone\)/],
  ])("reports an error response code %i (%s)", async (rcode, _name, message) => {
    const server = await serve((query, socket) => socket.end(responseMessage(query, [], rcode)));
    const error = await zoneReadFailureOf(transferZone({ ...fast, server }));
    expect(error.failure).toBe("rcode");
    expect(error.message).toMatch(message);
  });

  it("rejects a server that is not host or host:port", async () => {
    expect((await zoneReadFailureOf(transferZone({ ...fast, server: "zonedata.iis.se:dns" }))).message).toMatch(/not a host or host:port/);
  });
});

describe("transferZone over IXFR", () => {
  it("yields the deletions and additions of every difference, in order", async () => {
    const server = await serve((query, socket) => {
      expect(query.questions?.[0]).toMatchObject({ type: "IXFR", name: "se" });
      expect(query.authorities?.[0]).toMatchObject({ type: "SOA", data: { serial: 1 } });
      socket.write(
        responseMessage(query, [soa("se", 3), soa("se", 1), ns("gone.se", "ns1.old.net"), ds("gone.se"), glue("ns.gone.se", "192.0.2.9")]),
      );
      socket.write(responseMessage(query, [soa("se", 2), ns("new.se", "ns1.new.net"), soa("se", 2), ns("moved.se", "ns1.a.net")]));
      socket.write(responseMessage(query, [soa("se", 3), ns("moved.se", "ns1.b.net"), soa("se", 3)]));
    });
    const read = await transferZone({ ...fast, server, fromSerial: 1 });
    if (read.kind !== "incremental") throw new Error("expected an incremental read");
    expect(read).toMatchObject({ fromSerial: 1, serial: 3 });
    const changes = [];
    for await (const change of read.changes) changes.push(change);
    expect(changes).toEqual([
      { op: "delete", record: { name: "gone.se", type: "NS", host: "ns1.old.net" } },
      { op: "delete", record: { name: "gone.se", type: "DS" } },
      { op: "add", record: { name: "new.se", type: "NS", host: "ns1.new.net" } },
      { op: "delete", record: { name: "moved.se", type: "NS", host: "ns1.a.net" } },
      { op: "add", record: { name: "moved.se", type: "NS", host: "ns1.b.net" } },
    ]);
  });

  it("returns no changes when the server answers with its single SOA (up to date)", async () => {
    const server = await serve((query, socket) => socket.write(responseMessage(query, [soa("se", 5)])));
    const read = await transferZone({ ...fast, server, fromSerial: 5 });
    expect(read).toMatchObject({ kind: "incremental", fromSerial: 5, serial: 5 });
    if (read.kind !== "incremental") return;
    for await (const change of read.changes) throw new Error(`unexpected change ${JSON.stringify(change)}`);
  });

  it("takes an AXFR-style answer as the whole zone", async () => {
    const server = await serve((query, socket) => socket.write(responseMessage(query, [soa("se", 9), ...zoneAnswers, soa("se", 9)])));
    const read = await transferZone({ ...fast, server, fromSerial: 5 });
    expect(read).toMatchObject({ kind: "full", serial: 9 });
    expect(await recordsOf(read)).toHaveLength(4);
  });

  it("falls back to AXFR when the server does not implement IXFR", async () => {
    const server = await serve((query, socket) => {
      if (query.questions?.[0].type === "IXFR") socket.end(responseMessage(query, [], 4));
      else socket.write(responseMessage(query, [soa("se", 9), ...zoneAnswers, soa("se", 9)]));
    });
    const read = await transferZone({ ...fast, server, fromSerial: 5 });
    expect(read).toMatchObject({ kind: "full", serial: 9 });
    expect(await recordsOf(read)).toHaveLength(4);
  });

  it("throws when the difference does not start from the serial asked for", async () => {
    const server = await serve((query, socket) =>
      socket.write(responseMessage(query, [soa("se", 3), soa("se", 2), soa("se", 3), soa("se", 3)])),
    );
    expect((await zoneReadFailureOf(transferZone({ ...fast, server, fromSerial: 1 }))).failure).toBe("inconsistent");
  });

  it("throws when an incremental transfer is cut off", async () => {
    const server = await serve((query, socket) =>
      socket.end(responseMessage(query, [soa("se", 3), soa("se", 1), ns("gone.se", "ns1.old.net"), soa("se", 3)])),
    );
    const read = await transferZone({ ...fast, server, fromSerial: 1 });
    if (read.kind !== "incremental") throw new Error("expected an incremental read");
    const drain = async () => {
      for await (const _change of read.changes);
    };
    expect((await zoneReadFailureOf(drain())).failure).toBe("cut-off");
  });
});

describe("querySoaSerial", () => {
  it("reads the serial of the zone's SOA", async () => {
    const server = await serve((query, socket) => socket.write(responseMessage(query, [soa("se", 2026112901)])));
    expect(await querySoaSerial({ server, tld: "se", timeoutMs: 2000 })).toBe(2026112901);
  });

  it("says so when the server has no SOA for the zone", async () => {
    const server = await serve((query, socket) => socket.write(responseMessage(query, [soa("nu", 4)])));
    expect((await zoneReadFailureOf(querySoaSerial({ server, tld: "se", timeoutMs: 2000 }))).message).toMatch(/gave no SOA record for se/);
  });
});

describe("isNewerSerial", () => {
  it.each([
    [2, 1, true],
    [1, 2, false],
    [1, 1, false],
    [0, 0xffffffff, true],
    [0xffffffff, 0, false],
  ])("%i is newer than %i: %s", (a, b, newer) => {
    expect(isNewerSerial(a, b)).toBe(newer);
  });
});

describe("parseServerAddress", () => {
  it.each([
    ["zonedata.iis.se", "zonedata.iis.se", 53],
    ["127.0.0.1:5353", "127.0.0.1", 5353],
    ["[::1]:5353", "::1", 5353],
    ["2001:db8::53", "2001:db8::53", 53],
  ])("takes %s (every form ZONE_SERVER allows)", (server, host, port) => {
    expect(parseServerAddress(server)).toMatchObject({ host, port });
  });
});
