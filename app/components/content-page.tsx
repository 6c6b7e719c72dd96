import type { ReactNode } from "react";
import { Link } from "react-router";

/** The frame of a text page (how-it-works, about, terms, privacy): one h1, an intro, h2 sections. */
export function ContentPage({ title, intro, updated, children }: { title: string; intro?: ReactNode; updated?: { iso: string; text: string }; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
        {updated && (
          <p className="text-sm text-slate-600">
            Senast uppdaterad: <time dateTime={updated.iso}>{updated.text}</time>
          </p>
        )}
        {intro && <div className="text-lg text-slate-700">{intro}</div>}
      </header>
      {children}
    </article>
  );
}

export function ContentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      {/* A heading with an address in it ("GET /api/v1/domains/{namn}") breaks inside it rather than widen a narrow screen. */}
      <h2 id={id} className="text-2xl font-semibold break-words text-slate-900">
        {title}
      </h2>
      <div className="space-y-3 leading-relaxed text-slate-800">{children}</div>
    </section>
  );
}

export function ContentLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800" to={to}>
      {children}
    </Link>
  );
}
