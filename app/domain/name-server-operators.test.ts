import { describe, expect, it } from "vitest";
import { normalizeHost, parseOperatorForm, pointsAtPhrase, swedishGenitive } from "./name-server-operators";

describe("name-server operators: the words and the form", () => {
  it("says where a name points, in Swedish, with the genitive of the operator's name", () => {
    expect(pointsAtPhrase({ operator: "Loopia", known: true })).toBe("pekar på Loopias namnservrar");
    expect(pointsAtPhrase({ operator: "one.com", known: true })).toBe("pekar på one.coms namnservrar");
    expect(pointsAtPhrase({ operator: "GleSYS", known: true })).toBe("pekar på GleSYS namnservrar");
    expect(pointsAtPhrase({ operator: "example.com", known: false })).toBe("pekar på namnservrar hos example.com");
    expect(["Binero", "Inleed", "Miss Hosting", "Fax", "Blitz", "Sedo"].map(swedishGenitive)).toEqual([
      "Bineros",
      "Inleeds",
      "Miss Hostings",
      "Fax",
      "Blitz",
      "Sedos",
    ]);
  });

  it("stores a pattern lower case, in ACE form, without a wildcard or trailing dot", () => {
    expect(normalizeHost(" NS1.Loopia.SE. ")).toBe("ns1.loopia.se");
    expect(normalizeHost("*.ns.cloudflare.com")).toBe("ns.cloudflare.com");
    expect(normalizeHost(".loopia.se")).toBe("loopia.se");
    expect(normalizeHost("dns.bolagsvärden.se")).toBe("dns.xn--bolagsvrden-r8a.se");
  });

  it("refuses a pattern that is no host suffix, an empty or over-long name and an unknown kind, with the reasons in English", () => {
    expect(parseOperatorForm({ pattern: "Loopia.se", operator: " Loopia  AB ", kind: "registrar_host" })).toEqual({
      ok: true,
      value: { pattern: "loopia.se", operator: "Loopia AB", kind: "registrar_host" },
    });
    expect(parseOperatorForm({ pattern: "se", operator: "", kind: "registrar" })).toEqual({
      ok: false,
      errors: {
        pattern: expect.stringContaining("Enter a host suffix"),
        operator: "Operator name is required",
        kind: expect.stringContaining("Choose a kind"),
      },
    });
    for (const pattern of ["ns 1.loopia.se", "-x.loopia.se", "loopia..se", "http://loopia.se"]) {
      expect(parseOperatorForm({ pattern, operator: "x", kind: "other" }).ok, pattern).toBe(false);
    }
    expect(parseOperatorForm({ pattern: "", operator: "x".repeat(101), kind: "other" })).toEqual({
      ok: false,
      errors: { pattern: "Pattern is required", operator: "Operator name must be at most 100 characters" },
    });
  });
});
