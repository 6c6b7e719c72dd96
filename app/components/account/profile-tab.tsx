import { formatDateSv } from "~/domain/format";

/**
 * "Profil" (docs/product.md, "Accounts, bookmarks and the calendar"): the e-mail and the
 * member-since date (sv-SE), or "Okänt datum".
 */
export function ProfileTab({ email, memberSince }: { email: string; memberSince: string | null }) {
  const date = memberSince ? new Date(memberSince) : null;
  const shown = date && !Number.isNaN(date.getTime()) ? formatDateSv(date) : "Okänt datum";
  return (
    <section aria-labelledby="profile-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        Profil
      </h2>
      <dl className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium text-slate-700">E-post</dt>
        <dd className="break-all text-slate-900">{email}</dd>
        <dt className="font-medium text-slate-700">Medlem sedan</dt>
        <dd className="text-slate-900">{shown}</dd>
      </dl>
    </section>
  );
}
