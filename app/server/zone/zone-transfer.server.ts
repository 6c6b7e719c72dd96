import { randomInt } from "node:crypto";

import type { Answer, DecodedPacket, Packet, SoaAnswer } from "dns-packet";

import { normalizeDomainName, toDelegationRecord } from "./delegation-filter.server";
import { exchangeDnsTcp, parseServerAddress, ZoneReadError } from "./dns-tcp.server";
import type { DelegationRecord, FullZoneRead, ZoneRead, ZoneTld } from "./zone-records.server";

/**
 * Reading a TLD's zone from its zone server: the SOA serial (is there
 * anything new?), and the zone itself by incremental transfer (IXFR, RFC
 * 1995) from a serial the store holds, or whole (AXFR, RFC 5936). Records
 * are yielded while the transfer runs; a transfer counts only when it ends
 * with the SOA it began with, which the iteration checks at its end and
 * throws on, so a store that applies nothing before the iteration has
 * finished applies nothing half-read.
 */

export type SoaQuery = { server: string; tld: ZoneTld; timeoutMs: number; signal?: AbortSignal };

export type ZoneTransferOptions = SoaQuery & {
  /** The serial the store holds: asks for an IXFR from it. Without it, an AXFR. */
  fromSerial?: number;
  /** The longest silence allowed between two pieces of the transfer; `timeoutMs` bounds the whole of it. */
  idleTimeoutMs?: number;
};

/** The zone's current serial, by a SOA query over TCP. */
export async function querySoaSerial({ server, tld, timeoutMs, signal }: SoaQuery): Promise<number> {
  const messages = exchangeDnsTcp({ server, query: queryFor(tld, "SOA"), timeoutMs, signal });
  try {
    const { value: message } = await messages.next();
    const soa = message ? findApexSoa(message.answers ?? [], tld) : undefined;
    if (!soa) {
      throw new ZoneReadError("garbage", `The zone server ${server} gave no SOA record for ${tld} (is it authoritative for the zone?).`);
    }
    return soaSerial(soa);
  } finally {
    await messages.return(undefined);
  }
}

/** Opens a transfer and reads its first records (to know the serial); the rest streams as the result is iterated. */
export async function transferZone(options: ZoneTransferOptions): Promise<ZoneRead> {
  parseServerAddress(options.server);
  if (options.fromSerial === undefined) return fullTransfer(options);
  try {
    return await incrementalTransfer({ ...options, fromSerial: options.fromSerial });
  } catch (error) {
    // A server that does not do IXFR at all says so; then the whole zone it is.
    if (error instanceof ZoneReadError && error.failure === "rcode" && /\b(NOTIMP|FORMERR)\b/.test(error.message)) {
      return fullTransfer(options);
    }
    throw error;
  }
}

async function fullTransfer(options: ZoneTransferOptions): Promise<FullZoneRead> {
  const { tld, server } = options;
  const answers = answersOf(exchangeDnsTcp({ ...options, query: queryFor(tld, "AXFR") }));
  const opening = await openingSoa(answers, options);
  return { kind: "full", tld, serial: soaSerial(opening), records: fullRecords(answers, opening, tld, server) };
}

async function incrementalTransfer(options: ZoneTransferOptions & { fromSerial: number }): Promise<ZoneRead> {
  const { tld, server, fromSerial } = options;
  const messages = exchangeDnsTcp({ ...options, query: queryFor(tld, "IXFR", fromSerial) });
  const first = await messages.next();
  const firstAnswers = first.value?.answers ?? [];
  const opening = firstAnswers[0];
  // "Up to date": a single SOA no newer than the one asked from (RFC 1995, 2).
  if (opening?.type === "SOA" && firstAnswers.length === 1 && !isNewerSerial(soaSerial(opening), fromSerial)) {
    await messages.return(undefined);
    return { kind: "incremental", tld, fromSerial, serial: soaSerial(opening), changes: noChanges() };
  }
  const answers = answersOf(messages, firstAnswers);
  const openingSoaRecord = await openingSoa(answers, options);
  const second = await answers.next();
  if (second.done) throw cutOff(tld, server);
  const serial = soaSerial(openingSoaRecord);
  const secondRecord = second.value;
  if (secondRecord.type === "SOA" && soaSerial(secondRecord) !== serial) {
    if (soaSerial(secondRecord) !== fromSerial) {
      throw new ZoneReadError(
        "inconsistent",
        `The zone server ${server} sent an IXFR of ${tld} from serial ${soaSerial(secondRecord)}, not ${fromSerial} as asked.`,
      );
    }
    return { kind: "incremental", tld, fromSerial, serial, changes: incrementalChanges(answers, openingSoaRecord, tld, server) };
  }
  // An AXFR-style answer: the server sends the whole zone instead (RFC 1995, 4).
  return { kind: "full", tld, serial, records: fullRecords(answers, openingSoaRecord, tld, server, secondRecord) };
}

async function* fullRecords(
  answers: AsyncGenerator<Answer>,
  opening: SoaAnswer,
  tld: ZoneTld,
  server: string,
  firstAfterSoa?: Answer,
): AsyncGenerator<DelegationRecord> {
  const rest = firstAfterSoa ? prepend(firstAfterSoa, answers) : answers;
  try {
    for await (const answer of rest) {
      if (answer.type === "SOA") {
        checkClosingSoa(opening, answer, tld, server);
        return;
      }
      const record = delegationRecordOf(answer, tld);
      if (record) yield record;
    }
  } finally {
    await answers.return(undefined);
  }
  throw cutOff(tld, server);
}

/**
 * An incremental answer is a run of differences, each the old SOA, the
 * records deleted, the new SOA, the records added; the closing SOA follows
 * the last difference, whose new serial is the transfer's.
 */
async function* incrementalChanges(
  answers: AsyncGenerator<Answer>,
  opening: SoaAnswer,
  tld: ZoneTld,
  server: string,
): AsyncGenerator<{ op: "delete" | "add"; record: DelegationRecord }> {
  const finalSerial = soaSerial(opening);
  let op: "delete" | "add" = "delete";
  let addedSerial = -1;
  try {
    for await (const answer of answers) {
      if (answer.type === "SOA") {
        const serial = soaSerial(answer);
        if (op === "delete") {
          op = "add";
          addedSerial = serial;
        } else if (addedSerial === finalSerial) {
          checkClosingSoa(opening, answer, tld, server);
          return;
        } else if (serial !== addedSerial) {
          throw new ZoneReadError("inconsistent", `The IXFR of ${tld} from ${server} skips from serial ${addedSerial} to ${serial}.`);
        } else {
          op = "delete";
        }
        continue;
      }
      const record = delegationRecordOf(answer, tld);
      if (record) yield { op, record };
    }
  } finally {
    await answers.return(undefined);
  }
  throw cutOff(tld, server);
}

async function openingSoa(answers: AsyncGenerator<Answer>, { tld, server }: ZoneTransferOptions): Promise<SoaAnswer> {
  const first = await answers.next();
  if (first.done) {
    await answers.return(undefined);
    throw cutOff(tld, server);
  }
  const answer = first.value;
  if (answer.type !== "SOA" || normalizeDomainName(answer.name) !== tld) {
    await answers.return(undefined);
    throw new ZoneReadError("garbage", `The transfer of ${tld} from ${server} does not begin with the zone's SOA record.`);
  }
  return answer;
}

function checkClosingSoa(opening: SoaAnswer, closing: SoaAnswer, tld: ZoneTld, server: string): void {
  const a = opening.data;
  const b = closing.data;
  const same =
    normalizeDomainName(closing.name) === tld &&
    a.serial === b.serial &&
    a.mname.toLowerCase() === b.mname.toLowerCase() &&
    a.rname.toLowerCase() === b.rname.toLowerCase() &&
    a.refresh === b.refresh &&
    a.retry === b.retry &&
    a.expire === b.expire &&
    a.minimum === b.minimum;
  if (!same) {
    throw new ZoneReadError(
      "inconsistent",
      `The transfer of ${tld} from ${server} began with serial ${a.serial} but ended with a different SOA (serial ${b.serial}); nothing of it counts.`,
    );
  }
}

function delegationRecordOf(answer: Answer, tld: ZoneTld): DelegationRecord | null {
  if (answer.type === "NS") return toDelegationRecord(tld, answer.name, "NS", answer.data);
  if (answer.type === "DS") return toDelegationRecord(tld, answer.name, "DS");
  return null;
}

async function* answersOf(messages: AsyncGenerator<DecodedPacket>, already: Answer[] = []): AsyncGenerator<Answer> {
  try {
    yield* already;
    for await (const message of messages) yield* message.answers ?? [];
  } finally {
    await messages.return(undefined);
  }
}

async function* prepend<T>(first: T, rest: AsyncIterable<T>): AsyncGenerator<T> {
  yield first;
  yield* rest;
}

async function* noChanges(): AsyncGenerator<{ op: "delete" | "add"; record: DelegationRecord }> {}

function queryFor(tld: ZoneTld, type: "SOA" | "AXFR" | "IXFR", fromSerial?: number): Packet {
  const query: Packet = { type: "query", id: randomInt(0, 65536), flags: 0, questions: [{ type, name: tld, class: "IN" }] };
  if (fromSerial !== undefined) {
    query.authorities = [{ type: "SOA", name: tld, class: "IN", ttl: 0, data: { mname: ".", rname: ".", serial: fromSerial } }];
  }
  return query;
}

function findApexSoa(answers: Answer[], tld: ZoneTld): SoaAnswer | undefined {
  return answers.find((answer): answer is SoaAnswer => answer.type === "SOA" && normalizeDomainName(answer.name) === tld);
}

function soaSerial(soa: SoaAnswer): number {
  return soa.data.serial ?? 0;
}

/** RFC 1982 serial arithmetic: is `a` newer than `b`? */
export function isNewerSerial(a: number, b: number): boolean {
  const half = 2 ** 31;
  return a !== b && ((a > b && a - b < half) || (a < b && b - a > half));
}

function cutOff(tld: ZoneTld, server: string): ZoneReadError {
  return new ZoneReadError("cut-off", `The transfer of ${tld} from ${server} ended before its closing SOA record; it was cut off.`);
}
