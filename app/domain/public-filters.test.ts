import { describe, expect, it } from "vitest";
import {
  characterClasses,
  describePublicFilters,
  filtersFor,
  type FilterableName,
  hasPublicFilters,
  matchesPublicFilters,
  NO_FILTERS,
  parsePublicFilters,
  publicFilterEntries,
  releaseDateRange,
  withoutEmptyFilters,
  QUALITY_FILTERS,
  qualityChoiceText,
} from "./public-filters";
import { WORD_CLASS } from "./swedish-words";

const parse = (query: string) => parsePublicFilters(new URLSearchParams(query));

describe("the public filters in the URL", () => {
  it("reads every filter from short parameters and writes them back the same way", () => {
    const query =
      "q=hund&tld=se&syskon=ja&tvilling=ja&min=4&max=6&tecken=letters&tecken=nohyphen&borjar=bil&slutar=en&utan=x&ord=innehaller&kvalitet=65&slapps=vecka&fran=2030-01-01&till=2030-01-31&sedan=2029-12-01&risk=hog";
    const filters = parse(query);
    expect(filters).toEqual({
      tlds: [".se"],
      siblingRegistered: true,
      twinRegistered: true,
      lengthMin: 4,
      lengthMax: 6,
      characters: ["letters", "nohyphen"],
      contains: "hund",
      startsWith: "bil",
      endsWith: "en",
      notContains: "x",
      words: "innehaller",
      minScore: 65,
      release: "vecka",
      releaseFrom: "2030-01-01",
      releaseTo: "2030-01-31",
      releasedSince: "2029-12-01",
      catchRisk: "hog",
    });
    expect(new URLSearchParams(publicFilterEntries(filters)).toString()).toBe(query);
    expect(parsePublicFilters(new URLSearchParams(publicFilterEntries(filters)))).toEqual(filters);
  });

  it.each([
    ["nothing", ""],
    ["unknown values", "syskon=1&tvilling=nej&tld=com&tecken=emoji&kvalitet=99&slapps=igår&fran=2030-02-30&sedan=yesterday&min=fyra&max=-3&ord=ja&risk=jättehög"],
    ["both TLDs, which is no TLD filter", "tld=se&tld=nu"],
    ["empty text", "borjar=&slutar=%20%20&utan=%00&q=%20"],
    ["search text under two characters", "q=a"],
    ["parameters it does not know", "foo=bar&page=2"],
  ])("gives the unfiltered view for %s", (_, query) => {
    expect(parse(query)).toEqual(NO_FILTERS);
    expect(hasPublicFilters(parse(query))).toBe(false);
  });

  it("reads the search text as the search box does: lower case, NFC, at most 100 characters", () => {
    expect(parse("q=%20R%C3%84K%20").contains).toBe("räk");
    expect(parse(`q=${"b".repeat(10_000)}`).contains).toBe("b".repeat(100));
    expect(describePublicFilters(parse("q=bil")).map((filter) => filter.text)).toEqual(["Innehåller ”bil”"]);
  });

  it("clamps lengths to 1–63 and puts a reversed range the right way round", () => {
    expect(parse("min=0&max=500")).toMatchObject({ lengthMin: 1, lengthMax: 63 });
    expect(parse("min=8&max=4")).toMatchObject({ lengthMin: 4, lengthMax: 8 });
  });

  it("cuts 10,000 characters of text to a label's length, lower case, NFC, without spaces or invisible characters", () => {
    expect(parse(`borjar=${"a".repeat(10_000)}`).startsWith).toBe("a".repeat(63));
    expect(parse("slutar=G%C3%85S").endsWith).toBe("gås");
    // "ö" typed as o + combining diaeresis, a zero-width space and a space inside.
    expect(parse("utan=o%CC%88%E2%80%8Bl%20a").notContains).toBe("öla");
    expect(parse("borjar=%D0%BC%D0%B8%D1%80bil").startsWith).toBe("мирbil");
  });

  it("drops the filter parameters a GET form sends empty, and nothing else", () => {
    const params = (query: string) => new URLSearchParams(query);
    expect(withoutEmptyFilters(params("tld=se&min=&max=&tecken=letters&borjar=&slutar=%20&q=&sort=name-asc"))).toBe(
      "?tld=se&tecken=letters&sort=name-asc",
    );
    expect(withoutEmptyFilters(params("min=&max="))).toBe("");
    expect(withoutEmptyFilters(params("tld=se&sort=name-asc"))).toBeNull();
    expect(withoutEmptyFilters(params(""))).toBeNull();
  });

  it("keeps the release dates on the soon list and 'released since' on the available list only", () => {
    const filters = parse("min=4&slapps=idag&sedan=2030-01-01&risk=lag");
    expect(filtersFor("soon", filters)).toMatchObject({ lengthMin: 4, release: "idag", releasedSince: null, catchRisk: "lag" });
    expect(filtersFor("available", filters)).toMatchObject({ lengthMin: 4, release: null, releasedSince: "2030-01-01", catchRisk: null });
    expect(filtersFor("other", filters)).toMatchObject({ lengthMin: 4, release: null, releasedSince: null, catchRisk: null });
  });
});

describe("the release date presets", () => {
  // 2030-01-02 is a Wednesday.
  it.each([
    ["idag", "2030-01-02", "2030-01-02"],
    ["imorgon", "2030-01-03", "2030-01-03"],
    ["vecka", "2030-01-02", "2030-01-06"],
    ["7d", "2030-01-02", "2030-01-08"],
    ["30d", "2030-01-02", "2030-01-31"],
  ])("%s runs from %s to %s", (preset, from, to) => {
    expect(releaseDateRange(parse(`slapps=${preset}`), "2030-01-02")).toEqual({ from, to });
  });

  it("ends 'this week' on Sunday, also when today is Sunday", () => {
    expect(releaseDateRange(parse("slapps=vecka"), "2030-01-06")).toEqual({ from: "2030-01-06", to: "2030-01-06" });
  });

  it("narrows a preset by from–to when both are set", () => {
    expect(releaseDateRange(parse("slapps=30d&fran=2030-01-10&till=2030-03-01"), "2030-01-02")).toEqual({
      from: "2030-01-10",
      to: "2030-01-31",
    });
  });
});

describe("the character filters as name_chars values", () => {
  it("allow every class when none is chosen, and none when two contradict", () => {
    expect(characterClasses([])).toBeNull();
    expect(characterClasses(["digits", "letters"])).toEqual([]);
    // Only a–z: the letters bit alone.
    expect(characterClasses(["letters"])).toEqual([1]);
    // No hyphen: every class without bit 4.
    expect(characterClasses(["nohyphen"])).toEqual([0, 1, 2, 3, 8, 9, 10, 11]);
  });
});

describe("the active filters in words", () => {
  it("names each filter in Swedish, and removing one keeps the others", () => {
    const filters = parse("tld=nu&min=4&max=4&tecken=idn&borjar=bil&ord=ar&kvalitet=80&slapps=7d&sedan=2030-01-01");
    const active = describePublicFilters(filters);
    expect(active.map((filter) => filter.text)).toEqual([
      "Endast .nu",
      "4 tecken",
      "Innehåller å, ä eller ö",
      "Börjar med ”bil”",
      "Är ett svenskt ord",
      "Kvalitet: Utmärkt",
      "Släpps: nästa 7 dagar",
      "Ledig sedan 2030-01-01",
    ]);
    expect(active[1].without).toEqual({ ...filters, lengthMin: null, lengthMax: null });
    expect(describePublicFilters(parse("min=3")).map((filter) => filter.text)).toEqual(["Minst 3 tecken"]);
    expect(describePublicFilters(parse("min=2&max=5")).map((filter) => filter.text)).toEqual(["2–5 tecken"]);
    expect(describePublicFilters(parse("ord=innehaller")).map((filter) => filter.text)).toEqual(["Innehåller ett svenskt ord"]);
    expect(describePublicFilters(parse("risk=mattlig")).map((filter) => filter.text)).toEqual(["Måttlig risk att tas direkt"]);
    const family = describePublicFilters(parse("tvilling=ja&syskon=ja"));
    expect(family.map((filter) => filter.text)).toEqual(["Samma namn på .nu/.se är registrerat", "Har en registrerad tvilling"]);
    expect(family[0].without).toEqual({ ...NO_FILTERS, twinRegistered: true });
  });

  it("passes a name by the family filters only when its family is known to match", () => {
    const name: FilterableName = {
      name: "hund.se",
      unicodeName: "hund.se",
      tld: ".se",
      length: 4,
      nameChars: 1,
      wordClass: null,
      score: 50,
      releaseDate: null,
    };
    const now = new Date("2030-01-02T12:00:00Z");
    const sibling = parse("syskon=ja");
    expect(matchesPublicFilters(name, sibling, now)).toBe(false);
    expect(matchesPublicFilters({ ...name, siblingRegistered: null }, sibling, now)).toBe(false);
    expect(matchesPublicFilters({ ...name, siblingRegistered: true }, sibling, now)).toBe(true);
    expect(matchesPublicFilters({ ...name, siblingRegistered: true }, parse("syskon=ja&tvilling=ja"), now)).toBe(false);
    expect(matchesPublicFilters({ ...name, siblingRegistered: true, twinRegistered: true }, parse("syskon=ja&tvilling=ja"), now)).toBe(true);
  });
});

describe("the Swedish-word filters", () => {
  const name = (wordClass: number | null): FilterableName => ({
    name: "hund.se",
    unicodeName: "hund.se",
    tld: ".se",
    length: 4,
    nameChars: 1,
    wordClass,
    score: 50,
    releaseDate: null,
  });
  const now = new Date("2030-01-01T12:00:00Z");

  it.each([
    ["ar", WORD_CLASS.isWord, true],
    ["ar", WORD_CLASS.containsWord, false],
    ["ar", WORD_CLASS.none, false],
    ["innehaller", WORD_CLASS.isWord, true], // a word also contains one
    ["innehaller", WORD_CLASS.containsWord, true],
    ["innehaller", WORD_CLASS.none, false],
    ["ar", null, false], // not classified yet: in neither
    ["innehaller", null, false],
  ])("ord=%s selects a name of word class %s: %s", (value, wordClass, selected) => {
    expect(matchesPublicFilters(name(wordClass), parse(`ord=${value}`), now)).toBe(selected);
  });

  it("passes every name, classified or not, when off", () => {
    for (const wordClass of [null, WORD_CLASS.none, WORD_CLASS.containsWord, WORD_CLASS.isWord]) {
      expect(matchesPublicFilters(name(wordClass), NO_FILTERS, now)).toBe(true);
    }
  });
});

describe("qualityChoiceText", () => {
  it("says 'eller bättre' except for the top grade, which nothing beats", () => {
    expect(QUALITY_FILTERS.map((filter) => qualityChoiceText(filter.min))).toEqual([
      "Utmärkt",
      "Mycket bra eller bättre",
      "Bra eller bättre",
      "Genomsnittlig eller bättre",
    ]);
  });
});
