import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** An empty tab of /account: what would be here, how to get some, and a link to start. */
export function AccountEmptyState({ title, children, to, action }: { title: string; children: ReactNode; to: string; action: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-700">{children}</p>
      <Button asChild className="mt-6">
        <Link to={to}>{action}</Link>
      </Button>
    </div>
  );
}
