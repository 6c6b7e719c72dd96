import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StatusBadge } from "./status-badge";

describe("StatusBadge", () => {
  it.each([
    ["soonavailable", "Snart tillgänglig", "bg-amber-100"],
    ["available", "Tillgänglig", "bg-green-100"],
    ["registered", "Registrerad", "bg-slate-100"],
    ["renewed", "Förnyad", "bg-slate-100"],
    ["premium", "Premium", "bg-violet-100"],
    ["unlisted", "Ej listad", "bg-slate-100"],
    ["unknown", "Okänd status", "border-slate-300"],
  ] as const)("shows %s as %s", (status, label, colour) => {
    const html = renderToString(<StatusBadge status={status} />);
    expect(html).toContain(`>${label}</span>`);
    expect(html).toContain(colour);
  });
});
