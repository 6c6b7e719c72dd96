import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ZoneFacts } from "~/domain/zone-facts";
import { ZoneLine, ZoneSection } from "./zone-section";

const delegated: ZoneFacts = {
  snapshotAt: "2026-12-04T06:00:00Z",
  delegated: true,
  since: "2026-12-03T06:00:00Z",
  sinceIsFirstSnapshot: true,
  nameServers: ["ns1.loopia.se", "ns2.loopia.se"],
  hasDs: true,
  operator: { name: "Loopia", kind: "registrar_host", fromTable: true },
  lastChange: { kind: "name_servers_changed", at: "2026-12-04T06:00:00Z" },
};

describe("the zone on the domain page", () => {
  it("a name on no list: since when, where it points, DNSSEC, its last change and the source, under a heading of its own", () => {
    const html = renderToString(<ZoneSection zone={delegated} status="unknown" />);
    expect(html).toContain("<h2");
    expect(html).toContain("Delegerad sedan minst 3 december 2026 (vår första ögonblicksbild)");
    expect(html).toContain("Pekar på Loopias namnservrar.");
    expect(html).toContain("ns1.loopia.se, ns2.loopia.se");
    expect(html).toContain("Senaste ändring: bytte namnservrar 4 december 2026 kl. 07:00 (svensk tid)");
    expect(html).toContain('href="https://internetstiftelsen.se/domaner/domannamnsbranschen/teknik/tillgang-till-zonfiler-for-se-och-nu/"');
    expect(html).toContain("Internetstiftelsen");
  });

  it("a name not in the zone says so, and nothing at all without a snapshot of its TLD", () => {
    const absent = { ...delegated, delegated: false, since: null, nameServers: [], operator: null, lastChange: null };
    expect(renderToString(<ZoneSection zone={absent} status="unknown" />)).toContain(
      "Finns inte i zonen: domänen är antingen registrerad utan namnservrar eller ledig.",
    );
    expect(renderToString(<ZoneSection zone={null} status="unknown" />)).toBe("");
    expect(renderToString(<ZoneLine zone={null} status="registered" />)).toBe("");
  });

  it("a listed name gets one line with the source", () => {
    const html = renderToString(<ZoneLine zone={delegated} status="registered" />);
    expect(html).toContain("I zonen sedan minst 3 december 2026 · pekar på Loopias namnservrar");
    expect(html).toContain("Zondata: <!-- -->Internetstiftelsen");
  });
});
