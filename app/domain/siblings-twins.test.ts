import { describe, expect, it } from "vitest";
import { otherTld, relatedNameText, siblingHeading, siblingOf, twinsHeading, twinsIntroText, type RelatedName } from "./siblings-twins";

const SNAPSHOT = "2026-12-05T06:00:00.000Z";

function related(overrides: Partial<RelatedName>): RelatedName {
  return { name: "hund.nu", unicodeName: "hund.nu", tld: ".nu", zone: null, list: null, ...overrides };
}

describe("siblingOf", () => {
  it("the same label in the other TLD, in both forms", () => {
    expect(siblingOf({ ace: "xn--rksmrgs-5wao1o.se", unicode: "räksmörgås.se", tld: ".se" })).toEqual({
      ace: "xn--rksmrgs-5wao1o.nu",
      unicode: "räksmörgås.nu",
      tld: ".nu",
    });
    expect(siblingOf({ ace: "hund.nu", unicode: "hund.nu", tld: ".nu" })).toEqual({ ace: "hund.se", unicode: "hund.se", tld: ".se" });
    expect(otherTld(".se")).toBe(".nu");
  });
});

describe("headings", () => {
  it("name the other TLD and the folded letters", () => {
    expect(siblingHeading(".nu")).toBe("Samma namn på .nu");
    expect(twinsHeading(["ä", "ö", "å"])).toBe("Tvillingar utan ä, ö och å");
    expect(twinsHeading(["é"])).toBe("Tvillingar utan é");
    expect(twinsHeading([])).toBe("Tvillingar med å, ä, ö");
    expect(twinsIntroText({ foldedLabel: "raksmorgas", foldedLetters: ["ä"] })).toContain("”raksmorgas”");
    expect(twinsIntroText({ foldedLabel: "hund", foldedLetters: [] })).toMatch(/^Registrerade namn som blir ”hund”/);
  });
});

describe("relatedNameText", () => {
  const delegated = { snapshotAt: SNAPSHOT, delegated: true, since: "2026-12-03T06:00:00.000Z", sinceIsFirstSnapshot: true };

  it("a delegated name: since when (at least, for the first snapshot) and where it points", () => {
    expect(
      relatedNameText(related({ zone: { ...delegated, operator: { name: "Loopia", kind: "registrar_host", fromTable: true } } })),
    ).toBe("Registrerad: i zonen sedan minst 3 december 2026 och pekar på Loopias namnservrar.");
    expect(relatedNameText(related({ zone: { ...delegated, sinceIsFirstSnapshot: false, operator: null } }))).toBe(
      "Registrerad: i zonen sedan 3 december 2026 kl. 07:00 (svensk tid).",
    );
  });

  it("a delegated name on a list says both", () => {
    expect(relatedNameText(related({ zone: { ...delegated, operator: null }, list: { status: "premium", releaseDate: null } }))).toBe(
      "Registrerad: i zonen sedan minst 3 december 2026. Till salu hos oss.",
    );
  });

  it("outside the zone: what the lists say, else that it is held without name servers or free", () => {
    const absent = { snapshotAt: SNAPSHOT, delegated: false, since: null, sinceIsFirstSnapshot: false, operator: null };
    expect(relatedNameText(related({ zone: absent, list: { status: "soonavailable", releaseDate: "2026-12-12" } }))).toBe(
      "Släpps 12 december 2026 enligt registrets lista. Inte i zonen.",
    );
    expect(relatedNameText(related({ zone: absent }))).toBe("Inte i zonen: registrerad utan namnservrar eller ledig.");
    expect(relatedNameText(related({ zone: absent, list: { status: "unlisted", releaseDate: null } }))).toBe(
      "Inte i zonen: registrerad utan namnservrar eller ledig.",
    );
  });

  it("no snapshot of its TLD: the lists' word, or unknown", () => {
    expect(relatedNameText(related({ list: { status: "available", releaseDate: "2026-12-01" } }))).toBe("Släpptes 1 december 2026.");
    expect(relatedNameText(related({}))).toBe("Okänt: vi har ingen zondata för .nu än.");
  });
});
