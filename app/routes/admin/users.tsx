import { UsersTab } from "~/components/admin/users-tab";
import { adminTabMeta, parsePage } from "~/lib/admin-tabs";
import { listUsers, USERS_PAGE_SIZE } from "~/server/admin/list-users.server";
import { requireAdmin } from "~/server/auth/session.server";
import { databaseHandleOf, databaseOf } from "~/server/app-context.server";
import { assertSameOrigin } from "~/server/security/same-origin.server";
import type { Route } from "./+types/users";
import { runAdminAction } from "./admin-action.server";
import { USERS_ACTIONS } from "./users-actions.server";

export const meta: Route.MetaFunction = ({ matches }) => adminTabMeta("users", matches);

/** /admin/users: every account, newest first, 50 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, { as: "page" });
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const list = await listUsers(await databaseOf(context), { page });
  return { page, pageSize: USERS_PAGE_SIZE, currentUserId: admin.id, ...list };
}

/** The admin role and suspension; the role is checked again here, whatever the page showed. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, { as: "api" });
  assertSameOrigin(request);
  return runAdminAction(await databaseHandleOf(context), request, admin, USERS_ACTIONS);
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  return <UsersTab data={loaderData} />;
}
