import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BEING_RELEASED_TITLE, IN_ZONE_TITLE, StatusBlock, UNCHECKED_TEXT, UNCHECKED_TITLE } from "./status-block";
import type { DomainView } from "./types";

const name = { ace: "morgon.se", unicode: "morgon.se", label: "morgon", tld: ".se", length: 6 };
const domain = {
  status: "available",
  isFeatured: false,
  score: 60,
  price: null,
  releaseDate: "2030-05-10",
  description: null,
  registrationDate: null,
  updatedAt: "2030-05-10T04:00:01.000Z",
} as const satisfies DomainView;

const render = (beingReleased: boolean) =>
  renderToString(
    <StatusBlock name={name} domain={domain} status="available" serverNow="2030-05-10T08:00:00.000Z" beingReleased={beingReleased} />,
  );

describe("StatusBlock on a release morning", () => {
  it("says the name is being released this morning when the loader says so", () => {
    const html = render(true);
    expect(html).toContain("Tillgänglig för registrering");
    expect(html).toContain(BEING_RELEASED_TITLE);
  });

  it("says nothing of the morning once the name has been seen free, or after it", () => {
    expect(render(false)).not.toContain(BEING_RELEASED_TITLE);
  });
});

describe("StatusBlock for a released name nothing has checked since its release", () => {
  const renderUnchecked = (beingReleased: boolean) =>
    renderToString(
      <StatusBlock
        name={name}
        domain={{ ...domain, releaseDate: "2021-08-10" }}
        status="available"
        serverNow="2026-11-29T10:00:00.000Z"
        beingReleased={beingReleased}
        uncheckedSinceRelease
      />,
    );

  it("says when it was released and that it has not been checked yet, never that it is not registered", () => {
    const html = renderUnchecked(false);
    expect(html).toContain(UNCHECKED_TITLE);
    expect(html).toContain("Släpptes");
    expect(html).toContain("10 augusti 2021");
    expect(html).toContain(UNCHECKED_TEXT.slice(0, 40));
    expect(html).not.toContain("inte registrerad");
    expect(html).not.toContain("Tillgänglig för registrering");
  });

  it("on its release morning also says it is being released", () => {
    const html = renderUnchecked(true);
    expect(html).toContain(BEING_RELEASED_TITLE);
    expect(html).not.toContain("inte registrerad");
  });
});

describe("StatusBlock for a name on no list", () => {
  const renderUnknown = (inZone: boolean) =>
    renderToString(<StatusBlock name={name} domain={null} status="unknown" serverNow="2030-05-10T08:00:00.000Z" inZone={inZone} />);

  it("is headed 'registered' when the registry's zone delegates it, and 'unknown' when nothing says so", () => {
    expect(renderUnknown(true)).toContain(IN_ZONE_TITLE);
    expect(renderUnknown(true)).not.toContain("Okänd status");
    expect(renderUnknown(true)).toContain("så någon har registrerat det");
    expect(renderUnknown(false)).toContain("Okänd status");
    expect(renderUnknown(false)).toContain("registrarernas domänsök visar vilket");
  });
});
