import { data, redirect } from "react-router";
import { requireUser } from "~/server/auth/session.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import { databaseOf } from "~/server/app-context.server";
import { getSiteConfig } from "~/server/site-config.server";
import { exportAccountData } from "~/server/users/export-account.server";
import type { Route } from "./+types/export";

/** GET: nothing to download by a link or prefetch; the button on /account posts. */
export function loader() {
  return redirect("/account");
}

/** POST /account/export: "Ladda ner mina uppgifter", everything kept for the account as a JSON file. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request, { as: "api" });
  const now = new Date();
  const { siteName, siteUrl } = getSiteConfig();
  const exported = await exportAccountData(await databaseOf(context), user.id, { siteName, siteUrl, now });
  if (!exported) return data({ error: "Kontot finns inte längre." }, { status: 404 });
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="mina-uppgifter-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
