import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DomainSummary } from "./domain-summary";
import { StatusBlock } from "./status-block";
import type { DomainView, ShownStatus } from "./types";

const name = { ace: "hund.se", unicode: "hund.se", label: "hund", tld: ".se", length: 4 };

function domain(status: DomainView["status"], description: string | null): DomainView {
  return {
    status,
    isFeatured: true,
    score: 70,
    price: null,
    description,
    releaseDate: "2030-07-06",
    registrationDate: null,
    updatedAt: "2030-06-01T10:00:00.000Z",
  };
}

const DESCRIPTION = "Utvald för att <b>den</b> är kort & lätt.\nEn andra rad.\n\nEtt nytt stycke.";

describe("DomainSummary: the administrator's description", () => {
  it.each(["soonavailable", "available", "registered", "renewed", "premium", "unlisted"] as const)(
    "is shown under the name of a %s name, as escaped text with its line breaks",
    (status: DomainView["status"] & ShownStatus) => {
      const html = renderToString(<DomainSummary name={name} domain={domain(status, DESCRIPTION)} status={status} />);
      const afterName = html.slice(html.indexOf("</h1>"));
      expect(afterName).toContain("<p>Utvald för att &lt;b&gt;den&lt;/b&gt; är kort &amp; lätt.\nEn andra rad.</p><p>Ett nytt stycke.</p>");
      expect(afterName).toContain("whitespace-pre-line");
      expect(html).not.toContain("<b>");
    },
  );

  it("shows nothing for a name without one", () => {
    const html = renderToString(<DomainSummary name={name} domain={domain("available", null)} status="available" />);
    expect(html).not.toContain("whitespace-pre-line");
  });

  it("is not repeated in a premium name's sale block, which explains premium names only when there is none", () => {
    const block = (description: string | null) =>
      renderToString(
        <StatusBlock name={name} domain={domain("premium", description)} status="premium" serverNow="2030-06-01T10:00:00.000Z" />,
      );
    expect(block(DESCRIPTION)).not.toContain("Ett nytt stycke.");
    expect(block(DESCRIPTION)).not.toContain("säljs av sin ägare");
    expect(block(null)).toContain("Ett redan registrerat namn som säljs av sin ägare.");
  });
});
