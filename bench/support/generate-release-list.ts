// A deterministic, registry-shaped release list of any size for the import
// benchmark: mostly ASCII names (letters, some digits and hyphens) with a share
// of å/ä/ö names written in ACE form, as the registry publishes them.
import { toAscii } from "~/domain/names";
import { seededRandom as random } from "~/domain/seeded-random";

export type GeneratedEntry = { name: string; release_at: string };

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const SWEDISH = "åäö";

/** `size` unique names split between .se and .nu, release dates over 60 days from `firstDate`, in name order. */
export function generateReleaseList(options: { size: number; seed?: number; firstDate?: string; tld?: ".se" | ".nu" }) {
  const next = random(options.seed ?? 1);
  const first = Date.parse(options.firstDate ?? "2030-01-01");
  const entries: GeneratedEntry[] = [];
  const seen = new Set<string>();
  while (entries.length < options.size) {
    const length = 3 + Math.floor(next() * 14);
    let label = "";
    for (let i = 0; i < length; i++) {
      const roll = next();
      if (roll < 0.02) label += SWEDISH[Math.floor(next() * 3)];
      else if (roll < 0.06) label += String(Math.floor(next() * 10));
      else label += LETTERS[Math.floor(next() * 26)];
    }
    if (next() < 0.05 && label.length > 4) label = `${label.slice(0, 2)}-${label.slice(2)}`;
    const tld = options.tld ?? (next() < 0.6 ? ".se" : ".nu");
    // Only å/ä/ö names need the IDNA round trip (slow); plain ones are their own ACE form.
    const name = /^[a-z0-9-]+$/.test(label) ? `${label}${tld}` : toAscii(`${label}${tld}`);
    if (!name || seen.has(name)) continue;
    seen.add(name);
    const day = Math.floor(next() * 60);
    entries.push({ name, release_at: new Date(first + day * 86_400_000).toISOString().slice(0, 10) });
  }
  // The registry's lists are in name order.
  return entries.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The registry's JSON shape. */
export function toJsonList(entries: GeneratedEntry[]) {
  return JSON.stringify({ data: entries });
}

/** The registry's .txt shape: name<TAB>date per line. */
export function toTxtList(entries: GeneratedEntry[]) {
  return entries.map((entry) => `${entry.name}\t${entry.release_at}`).join("\n") + "\n";
}
