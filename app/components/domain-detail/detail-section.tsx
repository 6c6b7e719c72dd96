import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** One titled section of the domain page; the heading names the region for assistive technology. */
export function DetailSection({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn("space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6", className)}>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
