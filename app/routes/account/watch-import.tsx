import { data, Link } from "react-router";
import { WatchImportForm } from "~/components/account/watch-import-form";
import { WatchImportPreview } from "~/components/account/watch-import-preview";
import { formatNumberSv } from "~/domain/format";
import { watchImportSavedToast } from "~/domain/watch-import";
import { pageMeta, siteFromMatches } from "~/lib/page-meta";
import { databaseOf } from "~/server/app-context.server";
import { requireUser } from "~/server/auth/session.server";
import { countWatches, previewWatchImport, saveWatchImport } from "~/server/bookmarks/import-watches.server";
import { MAX_BOOKMARKS_PER_USER } from "~/server/bookmarks/set-bookmark.server";
import { readWatchImportInput, refuseWatchImportOverLimit } from "~/server/bookmarks/watch-import-input.server";
import { readLimitedForm, UNREADABLE_FORM_MESSAGE } from "~/server/http/read-limited-form.server";
import { WATCH_IMPORT_BODY_LIMIT_BYTES } from "~/server/http/request-body.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/watch-import";

const ACCOUNT_WATCHES = "/account?tab=bookmarks";
const CHANGED_MESSAGE = "Dina bevakningar ändrades efter förhandsvisningen, så inget sparades. Så här blir det nu – spara igen om det ser rätt ut.";
const LIMIT_REACHED_MESSAGE =
  `Kontot nådde gränsen på ${formatNumberSv(MAX_BOOKMARKS_PER_USER)} bevakningar efter förhandsvisningen, så inget sparades. Så här blir det nu – spara igen om det ser rätt ut.`;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Lägg till flera bevakningar",
    description: "Klistra in eller ladda upp en lista med .se- och .nu-domäner att bevaka.",
    path: "/account/watches/import",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const watchCount = await countWatches(await databaseOf(context), user.id);
  return data({ watchCount, limit: MAX_BOOKMARKS_PER_USER }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * POST /account/watches/import (docs/product.md, "Watching names in bulk"): `preview` checks
 * a pasted or uploaded list against the account; `save` checks the carried list again and
 * saves it whole (or nothing, when the account changed since the preview); `edit` goes back
 * to the form with the text kept. Works without JavaScript: every step is a page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request, { as: "api" });
  const read = await readLimitedForm(request, WATCH_IMPORT_BODY_LIMIT_BYTES);
  if (!read.ok) {
    const error = read.reason === "too-large" ? "Listan är för stor. Högst 512 kB åt gången – dela upp den." : UNREADABLE_FORM_MESSAGE;
    return data({ step: "edit" as const, text: "", error, fileError: null }, { status: read.reason === "too-large" ? 413 : 400 });
  }
  const intent = read.formData.get("intent");
  const input = await readWatchImportInput(read.formData);
  if (!input.ok) return data({ step: "edit" as const, text: input.text, error: null, fileError: input.error }, { status: 400 });
  if (intent === "edit") return { step: "edit" as const, text: input.text, error: null, fileError: null };
  if (intent !== "preview" && intent !== "save") return data({ step: "edit" as const, text: input.text, error: "Okänd åtgärd.", fileError: null }, { status: 400 });

  const limited = await refuseWatchImportOverLimit(user.id);
  if (limited) return data({ step: "edit" as const, text: input.text, error: limited, fileError: null }, { status: 429 });
  const db = await databaseOf(context);
  if (intent === "preview") {
    const preview = await previewWatchImport(db, user.id, input.text);
    if (!preview.ok) return data({ step: "edit" as const, text: input.text, error: preview.error, fileError: null }, { status: 400 });
    return { step: "preview" as const, text: input.text, preview, notice: null };
  }
  const fingerprint = read.formData.get("fingerprint");
  const saved = await saveWatchImport(db, user.id, input.text, typeof fingerprint === "string" ? fingerprint : "");
  if (saved.ok) {
    return redirectWithToast(ACCOUNT_WATCHES, watchImportSavedToast(saved));
  }
  if (saved.reason === "invalid") return data({ step: "edit" as const, text: input.text, error: saved.error, fileError: null }, { status: 400 });
  const notice = saved.limitReached ? LIMIT_REACHED_MESSAGE : CHANGED_MESSAGE;
  return data({ step: "preview" as const, text: input.text, preview: saved.preview, notice }, { status: 409 });
}

export default function WatchImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { watchCount, limit } = loaderData;
  return (
    <div className="space-y-6">
      <nav aria-label="Brödsmulor" className="text-sm text-slate-700">
        <Link to={ACCOUNT_WATCHES} className="underline-offset-2 hover:underline">
          Mina bokmärken
        </Link>
      </nav>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Lägg till flera bevakningar</h1>
        <p className="text-slate-700">{`Du bevakar ${formatNumberSv(watchCount)} av högst ${formatNumberSv(limit)} domäner.`}</p>
      </div>
      {actionData?.step === "preview" ? (
        <WatchImportPreview text={actionData.text} preview={actionData.preview} notice={actionData.notice} />
      ) : (
        <WatchImportForm text={actionData?.text ?? ""} error={actionData?.error ?? null} fileError={actionData?.fileError ?? null} />
      )}
    </div>
  );
}
