import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";

import { toDelegationRecord } from "./delegation-filter.server";
import { ZoneReadError } from "./dns-tcp.server";
import { absoluteName, MasterFileError, type MasterFileRecord, parseMasterFile } from "./master-file.server";
import type { DelegationRecord, FullZoneRead, ZoneTld } from "./zone-records.server";

/**
 * A zone read from an RFC 1035 master file, plain or gzipped (told by its
 * first bytes, not its name), for operators who fetch the zone another way.
 * The file is streamed line by line; its first record must be the zone's SOA,
 * which gives the serial. A later SOA (a transfer's dump repeats it at the
 * end) must be the same serial.
 */
export async function readZoneFile(path: string, tld: ZoneTld): Promise<FullZoneRead> {
  const gzipped = await startsWithGzipMagic(path);
  const records = parseMasterFile(linesOf(path, gzipped), tld);
  const first = await nextRecord(records, path);
  if (first.done || first.value.type !== "SOA" || first.value.owner !== tld) {
    await records.return(undefined);
    throw new ZoneReadError("file", `The zone file ${path} does not begin with the SOA record of ${tld}.`);
  }
  const serial = soaSerialOf(first.value, path);
  return { kind: "full", tld, serial, records: delegationsOf(records, tld, serial, path) };
}

async function* delegationsOf(
  records: AsyncGenerator<MasterFileRecord>,
  tld: ZoneTld,
  serial: number,
  path: string,
): AsyncGenerator<DelegationRecord> {
  try {
    for (let next = await nextRecord(records, path); !next.done; next = await nextRecord(records, path)) {
      const record = next.value;
      if (record.type === "SOA" && record.owner === tld && soaSerialOf(record, path) !== serial) {
        throw new ZoneReadError("inconsistent", `The zone file ${path} has two SOA records with different serials (line ${record.line}).`);
      }
      if (record.type !== "NS" && record.type !== "DS") continue;
      const host = record.type === "NS" && record.rdata[0] ? absoluteName(record.rdata[0], record.origin) : undefined;
      const delegation = toDelegationRecord(tld, record.owner, record.type, host);
      if (delegation) yield delegation;
    }
  } finally {
    await records.return(undefined);
  }
}

/** The next record, with the format's and the file's errors told as the backoffice reads them. */
async function nextRecord(records: AsyncGenerator<MasterFileRecord>, path: string): Promise<IteratorResult<MasterFileRecord>> {
  try {
    return await records.next();
  } catch (error) {
    if (error instanceof ZoneReadError) throw error;
    if (error instanceof MasterFileError)
      throw new ZoneReadError("file", `The zone file ${path} is not a valid zone file: ${error.message}`, { cause: error });
    throw fileError(error as NodeJS.ErrnoException, path);
  }
}

function soaSerialOf(record: MasterFileRecord, path: string): number {
  const serial = Number(record.rdata[2]);
  if (record.rdata.length < 7 || !/^\d+$/.test(record.rdata[2]) || serial > 0xffffffff) {
    throw new ZoneReadError("file", `The zone file ${path} has an SOA record without a valid serial (line ${record.line}).`);
  }
  return serial;
}

async function startsWithGzipMagic(path: string): Promise<boolean> {
  try {
    const file = await open(path, "r");
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(2), 0, 2, 0);
      return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
    } finally {
      await file.close();
    }
  } catch (error) {
    throw fileError(error as NodeJS.ErrnoException, path);
  }
}

/** The file's lines, decoded as UTF-8 across chunk boundaries; errors of the file or of gzip end the iteration. */
async function* linesOf(path: string, gzipped: boolean): AsyncGenerator<string> {
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  const source = gzipped ? file.pipe(createGunzip()) : file;
  if (gzipped) file.on("error", (error) => source.destroy(error));
  const decoder = new StringDecoder("utf8");
  let rest = "";
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(chunk);
      const lines = text.split("\n");
      rest = lines.pop() ?? "";
      yield* lines;
    }
    rest += decoder.end();
    if (rest.length > 0) yield rest;
  } finally {
    file.destroy();
    source.destroy();
  }
}

function fileError(error: NodeJS.ErrnoException, path: string): ZoneReadError {
  if (error.code === "ENOENT") return new ZoneReadError("file", `The zone file ${path} does not exist.`, { cause: error });
  if (error.code === "EACCES")
    return new ZoneReadError("file", `The zone file ${path} cannot be read (permission denied).`, { cause: error });
  if (error.code === "EISDIR") return new ZoneReadError("file", `${path} is a folder, not a zone file.`, { cause: error });
  if (error.code?.startsWith("Z_") || error.code === "ERR_STREAM_PREMATURE_CLOSE") {
    return new ZoneReadError("file", `The gzipped zone file ${path} is damaged or cut off (${error.message}).`, { cause: error });
  }
  return new ZoneReadError("file", `The zone file ${path} could not be read: ${error.message}`, { cause: error });
}
