import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A friendly empty list; `children` carries the advice (e.g. <SearchTips />). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <SearchX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <p className="mt-3 text-lg font-semibold text-slate-900">{title}</p>
      {children && <div className="mx-auto mt-3 max-w-md text-left text-sm text-slate-700">{children}</div>}
    </div>
  );
}

/** A search that finds nothing offers search tips (docs/product.md, "Layout and loading"). */
export function SearchTips() {
  return (
    <>
      <p className="font-medium">Tips för att hitta fler domäner:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>Sök på en kortare del av namnet, till exempel ”bil” i stället för ”bilverkstad”.</li>
        <li>Skriv minst 2 tecken. Å, ä och ö fungerar som vanligt.</li>
        <li>Skriv namnet utan .se och .nu för att söka i båda toppdomänerna.</li>
        <li>Skriv hela namnet med .se eller .nu för att gå direkt till domänen.</li>
        <li>
          Bläddra bland{" "}
          <Link className="text-brand-700 underline" to="/soon-available">
            snart lediga
          </Link>{" "}
          eller{" "}
          <Link className="text-brand-700 underline" to="/available">
            lediga domäner
          </Link>
          .
        </li>
      </ul>
    </>
  );
}
