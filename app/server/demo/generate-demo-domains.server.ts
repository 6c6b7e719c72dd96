import { toAscii, toUnicode } from "~/domain/names";
import { scoreName } from "~/domain/score";
import { wordClassOf, type WordIndex } from "~/domain/swedish-words";
import type { DomainStatus } from "~/server/db/schema/domains.server";
import { seededRandom as createRandom } from "~/domain/seeded-random";
import { createDemoReleases, demoZoneTraits, statusAfter, type DemoRelease } from "./demo-release-history.server";

export type DemoDomain = {
  name: string;
  unicodeName: string;
  tld: ".se" | ".nu";
  status: DomainStatus;
  isFeatured: boolean;
  length: number;
  score: number;
  /** WORD_CLASS; null when generated without a dictionary. */
  wordClass: number | null;
  price: number | null;
  description: string | null;
  releaseDate: string | null;
  registrationDate: string | null;
  /** Its release, for a name on a list now or released from one; null for premium and unlisted names. */
  release: DemoRelease | null;
  /** As the availability check leaves them: the last "free" answer (the catch for a taken name), the next question, the catch. */
  lastCheckedAt: Date | null;
  nextCheckAt: Date | null;
  takenAt: Date | null;
  /** Stored when it was listed, changed when its status last changed (what /available's "recently released" reads). */
  createdAt: Date | null;
  updatedAt: Date | null;
};

const WORDS = (
  "hund katt bil sol ros hus båt fisk skog berg sjö äng bok mat kaffe bröd ost mjölk vin öl te " +
  "resa hem bygg data kod webb moln nät butik handel frisör tandläkare advokat konsult redovisning " +
  "städ måleri snickeri el vvs bilverkstad cykel padel golf tennis fotboll ridning yoga gym hälsa " +
  "skönhet mode design foto film musik konst dans teater bio spel leksak barn baby familj bröllop " +
  "fest event resebyrå hotell camping stuga villa bostad mäklare fastighet bank lån försäkring " +
  "pension spar invest guld silver smycke klocka sko väska jacka tröja hatt glas lampa möbel säng " +
  "soffa kök bad trädgård blomma växt frö jord sten trä metall plåt tak fönster dörr lås nyckel " +
  "stockholm göteborg malmö uppsala västerås örebro linköping helsingborg jönköping norrköping lund " +
  "umeå gävle borås eskilstuna södertälje karlstad täby växjö halmstad sundsvall luleå östersund " +
  "nord syd väst öst norra södra stor lilla nya gamla bästa första snabb smart grön blå röd vit svart " +
  "eko natur fjäll kust hav strand ö vik dal fors älv bro torg gata väg stig park " +
  "räksmörgås blåbär lingon hjortron kanelbulle fika smörgås köttbulle sill knäckebröd"
).split(" ");

const SUFFIXES = ["", "", "", "", "ab", "sverige", "online", "24", "365", "shop", "info", "gruppen", "center", "direkt", "experten"];
const PREMIUM_DESCRIPTIONS = [
  "Kort och minnesvärt namn som passar ett växande varumärke.",
  "Ett svenskt ord som fungerar lika bra för en butik som för en tjänst.",
  "Stark ordbild, lätt att uttala och lätt att stava i telefon.",
  "Generiskt namn med tydlig sökintention – en bra grund för en webbplats.",
];

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

function inventLabel(random: () => number, attempt: number): string {
  const roll = random();
  const first = pick(WORDS, random).replace(/ /g, "");
  if (roll < 0.3) return first + pick(SUFFIXES, random);
  if (roll < 0.55) return first + pick(WORDS, random);
  if (roll < 0.65) return `${first}-${pick(WORDS, random)}`;
  if (roll < 0.75) return `${first}${Math.floor(random() * 1000)}`;
  if (roll < 0.8) return `${pick(WORDS, random)}${pick(WORDS, random)}${pick(WORDS, random)}${pick(SUFFIXES, random)}`;
  if (roll < 0.85) return String(Math.floor(random() * 100000)).padStart(2 + Math.floor(random() * 3), "0");
  // Short invented names, the kind hunters look for.
  const letters = "abcdefghijklmnoprstuvyåäö";
  let label = "";
  const size = 3 + Math.floor(random() * 4) + Math.floor(attempt / 50_000);
  for (let i = 0; i < size; i++) label += letters[Math.floor(random() * letters.length)];
  return label;
}

/** Premium and unlisted names are sold or kept aside, never on a release list; the rest were listed for release. */
function chooseKind(random: () => number): "listed" | "premium" | "unlisted" {
  const roll = random();
  if (roll < 0.95) return "listed";
  if (roll < 0.98) return "premium";
  return "unlisted";
}

type StatusFields = Pick<
  DemoDomain,
  "status" | "releaseDate" | "registrationDate" | "lastCheckedAt" | "nextCheckAt" | "takenAt" | "createdAt" | "updatedAt"
>;

/** The domains columns a release leaves: the status, and what the mark-released step and the availability check write. */
function domainFieldsOf(release: DemoRelease): StatusFields {
  const status = statusAfter(release);
  const listedAt = new Date(`${release.listedOn}T00:00:00Z`);
  const changedAt =
    status === "renewed"
      ? new Date(`${release.renewedOn}T00:00:00Z`)
      : status === "soonavailable"
        ? listedAt
        : (release.takenAt ?? release.releasedAt);
  return {
    status,
    releaseDate: release.releaseDate,
    registrationDate: release.takenAt ? release.takenAt.toISOString().slice(0, 10) : null,
    lastCheckedAt: release.takenAt ?? release.lastFreeAt,
    nextCheckAt: release.nextCheckAt,
    takenAt: release.takenAt,
    createdAt: listedAt,
    updatedAt: changedAt,
  };
}

const NEVER_LISTED_FIELDS: Omit<StatusFields, "status"> = {
  releaseDate: null,
  registrationDate: null,
  lastCheckedAt: null,
  nextCheckAt: null,
  takenAt: null,
  createdAt: null,
  updatedAt: null,
};

/**
 * Generates `size` unique, realistic .se and .nu names across every status, with the release
 * history of each listed name (demo-release-history.server.ts): released from DEMO_HISTORY_DAYS ago
 * up to today, renewed, or on the list for up to two months ahead of `now`. Yields in chunks so a
 * million rows never sit in memory at once.
 */
export function* generateDemoDomains(options: {
  size: number;
  now: Date;
  /** The dictionary the score and word class read (loadSwedishWordIndex); without it, no name is a word. */
  dictionary?: WordIndex;
  seed?: number;
  chunkSize?: number;
}): Generator<DemoDomain[]> {
  const random = createRandom(options.seed ?? 20_211_122);
  const releases = createDemoReleases(random, options.now);
  const seen = new Set<string>();
  const chunkSize = options.chunkSize ?? 5000;
  let chunk: DemoDomain[] = [];
  let attempts = 0;
  // A few fixed names so the demo always shows the cases people ask about.
  const fixed = ["räksmörgås.se", "blåbärsskogen.nu", "hund.se", "kaffe.nu", "entrevligtlangtdomannamnsomvisas.se"];

  while (seen.size < options.size) {
    const candidate = attempts < fixed.length ? fixed[attempts] : `${inventLabel(random, attempts)}${random() < 0.65 ? ".se" : ".nu"}`;
    attempts++;
    const ace = toAscii(candidate);
    if (!ace || seen.has(ace)) continue;
    seen.add(ace);
    const unicodeName = toUnicode(ace);
    const length = [...unicodeName.slice(0, unicodeName.lastIndexOf("."))].length;
    const tld = ace.endsWith(".nu") ? ".nu" : ".se";
    const score = scoreName(unicodeName, options.dictionary?.words);
    // The first fixed name stays on the list, so the demo always shows a soon-available IDN name.
    const alwaysListed = attempts === 1;
    const kind = alwaysListed ? "listed" : chooseKind(random);
    let release: DemoRelease | null = null;
    let fields: StatusFields;
    if (kind === "listed") {
      release = releases.next({ tld, score, length, zone: demoZoneTraits(ace), alwaysListed });
      fields = domainFieldsOf(release);
    } else {
      fields = { ...NEVER_LISTED_FIELDS, status: kind };
    }
    const isPremium = kind === "premium";
    chunk.push({
      name: ace,
      unicodeName,
      tld,
      isFeatured: isPremium || random() < 0.04,
      length,
      score,
      wordClass: options.dictionary ? wordClassOf(unicodeName, options.dictionary) : null,
      price: isPremium ? (random() < 0.15 ? null : Math.round(2 + random() * 98) * 1000) : null,
      description: isPremium ? pick(PREMIUM_DESCRIPTIONS, random) : null,
      release,
      ...fields,
    });
    if (chunk.length >= chunkSize) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}
