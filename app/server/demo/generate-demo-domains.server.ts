import { addDays, todayUtc } from "~/domain/release";
import { toAscii, toUnicode } from "~/domain/names";
import { scoreName } from "~/domain/score";
import { wordClassOf, type WordIndex } from "~/domain/swedish-words";
import type { DomainStatus } from "~/server/db/schema/domains.server";
import { seededRandom as createRandom } from "~/domain/seeded-random";

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

function chooseStatus(random: () => number): DomainStatus {
  const roll = random();
  if (roll < 0.62) return "soonavailable";
  if (roll < 0.8) return "available";
  if (roll < 0.89) return "registered";
  if (roll < 0.95) return "renewed";
  if (roll < 0.98) return "premium";
  return "unlisted";
}

/**
 * Generates `size` unique, realistic .se and .nu names across every status,
 * with release dates from a week ago to two months ahead of `now`. Yields in
 * chunks so a million rows never sit in memory at once.
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
  const today = todayUtc(options.now);
  const seen = new Set<string>();
  const chunkSize = options.chunkSize ?? 5000;
  let chunk: DemoDomain[] = [];
  let attempts = 0;
  // A few fixed names so the demo always shows the cases people ask about.
  const fixed = ["räksmörgås.se", "blåbärsskogen.nu", "hund.se", "kaffe.nu", "entrevligtlangtdomannamnsomvisas.se"];

  while (seen.size < options.size) {
    const candidate = attempts < fixed.length ? fixed[attempts] : `${inventLabel(random, attempts)}${random() < 0.55 ? ".se" : ".nu"}`;
    attempts++;
    const ace = toAscii(candidate);
    if (!ace || seen.has(ace)) continue;
    seen.add(ace);
    const unicodeName = toUnicode(ace);
    const label = unicodeName.slice(0, unicodeName.lastIndexOf("."));
    const status = attempts === 1 ? "soonavailable" : chooseStatus(random);
    const tld = ace.endsWith(".nu") ? ".nu" : ".se";
    const releaseDate =
      status === "soonavailable"
        ? addDays(today, Math.floor(random() * 61))
        : status === "available"
          ? addDays(today, -Math.floor(random() * 8))
          : status === "registered" || status === "renewed"
            ? addDays(today, -Math.floor(random() * 8) + (status === "renewed" ? 20 : 0))
            : null;
    const isPremium = status === "premium";
    chunk.push({
      name: ace,
      unicodeName,
      tld,
      status,
      isFeatured: isPremium || random() < 0.04,
      length: [...label].length,
      score: scoreName(unicodeName, options.dictionary?.words),
      wordClass: options.dictionary ? wordClassOf(unicodeName, options.dictionary) : null,
      price: isPremium ? (random() < 0.15 ? null : Math.round(2 + random() * 98) * 1000) : null,
      description: isPremium ? pick(PREMIUM_DESCRIPTIONS, random) : null,
      releaseDate,
      registrationDate: status === "registered" && releaseDate ? addDays(releaseDate, Math.floor(random() * 3)) : null,
    });
    if (chunk.length >= chunkSize) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}
