import { useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import { adminTabPath } from "~/lib/admin-tabs";
import { pageCount } from "~/lib/pagination";
import type { AdminUserRow } from "~/domain/backoffice-rows";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { AdminPager } from "./admin-pager";
import { AdminTable } from "./admin-table";
import { ConfirmDialog } from "./confirm-dialog";
import { formatDateTimeUtc } from "./format";
import { useActionToast } from "./use-action-toast";

export type UsersTabData = { page: number; pageSize: number; users: AdminUserRow[]; total: number; currentUserId: string };

/**
 * The Users tab, "Registered Users" (docs/product.md, "Roles"), newest first, with the admin role to grant or remove
 * and suspension (the terms reserve it): neither for the administrator's own account.
 */
export function UsersTab({ data }: { data: UsersTabData }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Registered Users</h2>
        <p className="text-sm text-slate-600">
          {data.total === 1 ? "1 user" : `${data.total} users`}. Addresses listed in ADMIN_EMAILS get the admin role back at their next
          sign-in.
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <AdminTable
          aria-label="Registered users"
          columns={["User", "Username", "E-mail", "Created", "Last Updated", "Role", "Status"]}
          rows={data.users}
          emptyText="No users found"
        >
          {(user) => <UserRow key={user.id} user={user} isSelf={user.id === data.currentUserId} />}
        </AdminTable>
        <AdminPager
          page={data.page}
          totalPages={pageCount(data.total, data.pageSize)}
          hrefFor={(page) => (page > 1 ? `${adminTabPath("users")}?page=${page}` : adminTabPath("users"))}
          label="User pages"
        />
      </CardContent>
    </Card>
  );
}

function UserRow({ user, isSelf }: { user: AdminUserRow; isSelf: boolean }) {
  const username = user.name.trim();
  const initial = (username[0] ?? "U").toUpperCase();
  const isAdmin = user.role === "admin";
  return (
    <TableRow data-user={user.email}>
      <TableCell>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
          >
            {initial}
          </span>
          <span className="font-mono text-xs text-slate-700" title={user.id}>
            {user.id.slice(0, 8)}
          </span>
        </div>
      </TableCell>
      <TableCell>{username || <span className="text-slate-600">Anonymous</span>}</TableCell>
      <TableCell className="break-all">{user.email}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDateTimeUtc(user.createdAt)}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDateTimeUtc(user.updatedAt)}</TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={isAdmin ? "default" : "muted"}>{isAdmin ? "Admin" : "User"}</Badge>
          {isSelf ? <span className="text-sm text-slate-600">(you)</span> : <RoleButton user={user} isAdmin={isAdmin} />}
        </div>
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={user.suspended ? "danger" : "success"}>{user.suspended ? "Suspended" : "Active"}</Badge>
          {isSelf ? null : <SuspendButton user={user} />}
        </div>
        {user.suspended ? (
          <p className="mt-1 text-xs text-slate-600">
            {formatDateTimeUtc(user.suspendedAt)}
            {user.suspendedBy ? ` by ${user.suspendedBy}` : ""}
          </p>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/** Suspending asks first (the user is signed out at once); restoring does not. */
function SuspendButton({ user }: { user: AdminUserRow }) {
  const fetcher = useFetcher<AdminActionResult>();
  const [confirming, setConfirming] = useState(false);
  useActionToast(fetcher, () => setConfirming(false));
  const busy = fetcher.state !== "idle";
  if (user.suspended) {
    return (
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="set-suspended" />
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="suspended" value="false" />
        <Button type="submit" size="sm" variant="outline" disabled={busy}>
          {busy ? "Saving..." : "Unsuspend"}
          <span className="sr-only"> {user.email}</span>
        </Button>
      </fetcher.Form>
    );
  }
  return (
    <>
      <Button type="button" size="sm" variant="outline" className="text-red-700" onClick={() => setConfirming(true)}>
        Suspend
        <span className="sr-only"> {user.email}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Suspend ${user.email}?`}
        description="They are signed out everywhere at once, cannot sign in, and their calendar feed stops answering. Their bookmarks are kept; you can unsuspend them later."
        confirmLabel="Suspend"
        pendingLabel="Suspending..."
        pending={busy}
        onConfirm={() => fetcher.submit({ intent: "set-suspended", userId: user.id, suspended: "true" }, { method: "post" })}
      />
    </>
  );
}

function RoleButton({ user, isAdmin }: { user: AdminUserRow; isAdmin: boolean }) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="set-admin-role" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="admin" value={String(!isAdmin)} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {busy ? "Saving..." : isAdmin ? "Remove admin" : "Make admin"}
        <span className="sr-only"> {user.email}</span>
      </Button>
    </fetcher.Form>
  );
}
