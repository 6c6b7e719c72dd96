import type { DelegationRecord, ZoneTld } from "./zone-records.server";

/**
 * Which records of a zone describe a delegation, shared by the transfer and
 * the zone-file reader so both hand the store the same records. A delegation
 * is an NS record set of a name exactly one label below the TLD; its DS
 * records say the name is signed. Everything else is dropped: the TLD's own
 * records, glue (A/AAAA), RRSIG, NSEC, NSEC3, NSEC3PARAM, DNSKEY, TXT, and
 * any name deeper than one label.
 */

/** A host name label as a registry allows it (letters, digits, hyphens; IDN labels in their xn-- form). */
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A name server host may carry an underscore in the wild; its labels are checked loosely. */
const NS_HOST_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * Turns a record's owner name into the delegated name ("example.se"), or
 * null when the owner is not one label below the TLD. `owner` is in
 * presentation form with or without the trailing dot, in any case.
 */
export function delegatedNameOf(owner: string, tld: ZoneTld): string | null {
  const name = normalizeDomainName(owner);
  const suffix = `.${tld}`;
  if (!name.endsWith(suffix)) return null;
  const label = name.slice(0, -suffix.length);
  return HOST_LABEL.test(label) ? name : null;
}

/**
 * The delegation record a zone record stands for, or null when the record is
 * not part of a delegation. `nsHost` is the NS record's target (only read for NS).
 */
export function toDelegationRecord(tld: ZoneTld, owner: string, type: string, nsHost?: string): DelegationRecord | null {
  if (type !== "NS" && type !== "DS") return null;
  const name = delegatedNameOf(owner, tld);
  if (name === null) return null;
  if (type === "DS") return { name, type: "DS" };
  const host = normalizeDomainName(nsHost ?? "");
  if (!isHostName(host)) return null;
  return { name, type: "NS", host };
}

/** Lower-case ASCII without the trailing dot, as the store keeps names. */
export function normalizeDomainName(name: string): string {
  const lower = name.toLowerCase();
  return lower.endsWith(".") ? lower.slice(0, -1) : lower;
}

function isHostName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  return host.split(".").every((label) => NS_HOST_LABEL.test(label));
}
