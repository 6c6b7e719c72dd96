import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { RelatedName, SiblingsTwins } from "~/domain/siblings-twins";
import { SiblingsTwinsSection } from "./siblings-twins-section";

const zone = (delegated: boolean): RelatedName["zone"] => ({
  snapshotAt: "2026-12-04T06:00:00Z",
  delegated,
  since: delegated ? "2026-12-03T06:00:00Z" : null,
  sinceIsFirstSnapshot: delegated,
  operator: delegated ? { name: "Loopia", kind: "registrar_host", fromTable: true } : null,
});

const facts: SiblingsTwins = {
  sibling: { name: "xn--rksmrgs-5wao1o.nu", unicodeName: "räksmörgås.nu", tld: ".nu", zone: zone(true), list: null },
  twins: [
    { name: "raksmorgas.se", unicodeName: "raksmorgas.se", tld: ".se", zone: zone(false), list: null },
    {
      name: "raksmorgas.nu",
      unicodeName: "raksmorgas.nu",
      tld: ".nu",
      zone: null,
      list: { status: "soonavailable", releaseDate: "2026-12-20" },
    },
  ],
  moreTwins: false,
  foldedLabel: "raksmorgas",
  foldedLetters: ["ä", "ö", "å"],
  zoneTlds: [".se", ".nu"],
};

const render = (value: SiblingsTwins) =>
  renderToString(
    <MemoryRouter>
      <SiblingsTwinsSection facts={value} />
    </MemoryRouter>,
  );

describe("siblings and twins on the domain page", () => {
  it("the sibling and each twin linked to its page, with what the zone and the lists say, and the source", () => {
    const html = render(facts);
    expect(html).toContain("Samma namn på .nu");
    expect(html).toContain("Tvillingar utan ä, ö och å");
    expect(html).toContain(`href="/d/${encodeURIComponent("räksmörgås.nu")}"`);
    expect(html).toContain('href="/d/raksmorgas.se"');
    expect(html).toContain("Registrerad: i zonen sedan minst 3 december 2026 och pekar på Loopias namnservrar.");
    expect(html).toContain("Inte i zonen: registrerad utan namnservrar eller ledig.");
    expect(html).toContain("Släpps 20 december 2026 enligt registrets lista.");
    expect(html).toContain("Internetstiftelsen");
    expect(html).not.toContain("Det finns fler");
  });

  it("a plain name without twins says so; without any zone the twins' section is left out", () => {
    const plain = { ...facts, twins: [], foldedLabel: "hund", foldedLetters: [] };
    expect(render(plain)).toContain("Tvillingar med å, ä, ö");
    expect(render(plain)).toContain("Inga registrerade tvillingar i zonen.");
    const noZone = render({ ...plain, sibling: { ...plain.sibling, zone: null }, zoneTlds: [] });
    expect(noZone).toContain("Okänt: vi har ingen zondata för .nu än.");
    expect(noZone).not.toContain("Tvillingar");
    expect(noZone).not.toContain("Zondata:");
  });

  it("more twins than shown says so", () => {
    expect(render({ ...facts, moreTwins: true })).toContain("Det finns fler; de första 20 visas.");
  });
});
