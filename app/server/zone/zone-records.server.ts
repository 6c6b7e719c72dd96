/**
 * What the zone readers hand to the zone store. A reader (a transfer from the
 * registry's zone server, or an RFC 1035 zone file) yields only the records
 * that describe delegations: NS and DS record sets of names directly under the
 * TLD. Glue, the TLD's own records and RRSIG/NSEC/NSEC3 records are dropped by
 * the reader, so the store never sees them.
 *
 * Names are ASCII (IDN names in their xn-- form), lower case, without the
 * trailing dot: "example.se", and name server hosts the same: "ns1.example.net".
 */
export type ZoneTld = "se" | "nu";

export type DelegationRecord =
  | { name: string; type: "NS"; host: string }
  | { name: string; type: "DS" };

/**
 * A whole zone: every delegation record of one serial. The stream may throw
 * at any point, including after its last record (for example when the
 * transfer's closing SOA differs from its opening one); the store must apply
 * nothing until the iteration has finished without an error.
 */
export interface FullZoneRead {
  kind: "full";
  tld: ZoneTld;
  serial: number;
  records: AsyncIterable<DelegationRecord>;
}

/**
 * An incremental transfer (IXFR, RFC 1995) from `fromSerial` to `serial`:
 * records removed and added, in the order the server sent them. The same rule
 * holds: nothing is applied until the stream has ended without an error.
 */
export interface IncrementalZoneRead {
  kind: "incremental";
  tld: ZoneTld;
  fromSerial: number;
  serial: number;
  changes: AsyncIterable<{ op: "delete" | "add"; record: DelegationRecord }>;
}

export type ZoneRead = FullZoneRead | IncrementalZoneRead;
