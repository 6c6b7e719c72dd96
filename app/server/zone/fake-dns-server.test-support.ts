import net from "node:net";

import dnsPacket, { type Answer, type DecodedPacket, type Packet, type SoaAnswer } from "dns-packet";

/**
 * Hand-made DNS servers over TCP for the faults a real server will not act
 * out on demand: hanging, garbage, a stream cut off midway, a closing SOA that
 * differs, an exact IXFR answer. Each connection's first query is handed to
 * `respond`, which writes what the test wants with the helpers below.
 */
export type FakeDnsServer = { server: string; close: () => Promise<void> };

export type Responder = (query: DecodedPacket, socket: net.Socket) => unknown;

export async function startFakeDnsServer(respond: Responder): Promise<FakeDnsServer> {
  const sockets = new Set<net.Socket>();
  const listener = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let pending = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < 2 || pending.length < pending.readUInt16BE(0) + 2) return;
      const query = dnsPacket.streamDecode(pending) as DecodedPacket;
      pending = Buffer.alloc(0);
      void respond(query, socket);
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", () => resolve()));
  const { port } = listener.address() as net.AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}

/** One length-prefixed response message to `query` with these answers; `rcode` as its number (5 = REFUSED). */
export function responseMessage(query: DecodedPacket, answers: Answer[], rcode = 0): Buffer {
  const message: Packet = {
    type: "response",
    id: query.id,
    flags: dnsPacket.AUTHORITATIVE_ANSWER | rcode,
    questions: query.questions,
    answers,
  };
  return dnsPacket.streamEncode(message);
}

export function soa(tld: string, serial: number, { minimum = 3600 } = {}): SoaAnswer {
  return {
    type: "SOA",
    name: tld,
    ttl: 3600,
    class: "IN",
    data: { mname: `ns.${tld}`, rname: `hostmaster.${tld}`, serial, refresh: 1800, retry: 600, expire: 864000, minimum },
  };
}

export function ns(name: string, host: string): Answer {
  return { type: "NS", name, ttl: 3600, class: "IN", data: host };
}

export function ds(name: string): Answer {
  return { type: "DS", name, ttl: 3600, class: "IN", data: { keyTag: 12345, algorithm: 8, digestType: 2, digest: Buffer.alloc(32, 7) } };
}

export function glue(name: string, address: string): Answer {
  return { type: "A", name, ttl: 3600, class: "IN", data: address };
}
