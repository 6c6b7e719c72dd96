import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BEING_RELEASED_TITLE, StatusBlock } from "./status-block";
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
