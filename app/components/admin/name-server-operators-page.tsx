import { ArrowLeft, Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { TableCell, TableRow } from "~/components/ui/table";
import type { AdminActionResult } from "~/domain/admin-action-result";
import {
  MAX_OPERATOR_NAME_LENGTH,
  NAME_SERVER_OPERATOR_KINDS,
  OPERATOR_KIND_LABELS,
  parseOperatorForm,
  type NameServerOperatorRow,
} from "~/domain/name-server-operators";
import type { FieldErrors } from "~/lib/admin-forms";
import { adminTabPath } from "~/lib/admin-tabs";
import { AdminTable } from "./admin-table";
import { ConfirmDialog } from "./confirm-dialog";
import { DialogFormFooter } from "./dialog-form-footer";
import { refuseInvalidForm } from "./refuse-invalid-form";
import { useActionToast } from "./use-action-toast";

type OperatorField = "pattern" | "operator" | "kind";

const selectClass = "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 disabled:opacity-60";

/**
 * TLD Imports → Name server operators (docs/product.md, "Who the name servers
 * belong to"): the host patterns that name who a delegation's name servers
 * belong to. The migration seeded a starting list; this page keeps it.
 */
export function NameServerOperatorsPage({ operators }: { operators: NameServerOperatorRow[] }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<NameServerOperatorRow | null>(null);
  const [deleting, setDeleting] = useState<NameServerOperatorRow | null>(null);

  return (
    <Card>
      <CardHeader className="space-y-2">
        <Link to={adminTabPath("imports")} className={buttonVariants({ variant: "ghost", size: "sm", className: "w-fit" })}>
          <ArrowLeft aria-hidden="true" /> TLD Import Configurations
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">Name Server Operators</h2>
          <OperatorFormDialog
            open={adding}
            onOpenChange={setAdding}
            trigger={
              <DialogTrigger asChild>
                <Button>
                  <Plus aria-hidden="true" /> Add Operator
                </Button>
              </DialogTrigger>
            }
          />
        </div>
        <p className="text-sm text-slate-600">
          A pattern is a host suffix: <code>loopia.se</code> matches <code>ns1.loopia.se</code>. The most specific pattern wins; a name
          whose name servers match none is shown with the first name server&apos;s own domain. The zone says where a name points, which is
          usually but not always who registered it.
        </p>
      </CardHeader>
      <CardContent>
        <AdminTable
          aria-label="Name server operators"
          columns={["Pattern", "Operator", "Kind", "Actions"]}
          rows={operators}
          emptyText="No operators. Every name server falls back to its own domain."
        >
          {(row) => (
            <TableRow key={row.id} data-pattern={row.pattern}>
              <TableCell className="font-mono break-all">{row.pattern}</TableCell>
              <TableCell>{row.operator}</TableCell>
              <TableCell className="whitespace-nowrap">{OPERATOR_KIND_LABELS[row.kind]}</TableCell>
              <TableCell>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing(row)}>
                    <Pencil aria-hidden="true" /> Edit<span className="sr-only"> {row.pattern}</span>
                  </Button>
                  <Button size="sm" variant="outline" className="text-red-800" onClick={() => setDeleting(row)}>
                    <Trash2 aria-hidden="true" /> Delete<span className="sr-only"> {row.pattern}</span>
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          )}
        </AdminTable>
      </CardContent>
      {editing && <OperatorFormDialog row={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      <DeleteOperatorDialog row={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

/** "Add Operator" (no `row`) or "Edit Operator"; the form's rules run here before sending and again on the server. */
function OperatorFormDialog({
  row,
  open,
  onOpenChange,
  trigger,
}: {
  row?: NameServerOperatorRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const [errors, setErrors] = useState<FieldErrors<OperatorField>>({});
  useActionToast(fetcher, (result) => {
    if (!result.ok) return setErrors(result.fieldErrors ?? {});
    onOpenChange(false);
  });
  const editing = row !== undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setErrors({});
        onOpenChange(next);
      }}
    >
      {trigger}
      <DialogContent>
        <fetcher.Form
          method="post"
          className="grid gap-4"
          noValidate
          onSubmit={(event) =>
            refuseInvalidForm(event, parseOperatorForm(Object.fromEntries(new FormData(event.currentTarget))), setErrors)
          }
        >
          <DialogHeader>
            <DialogTitle>{editing ? "Edit Operator" : "Add Operator"}</DialogTitle>
            <DialogDescription>Name servers under the pattern are shown as the operator&apos;s.</DialogDescription>
          </DialogHeader>
          <input type="hidden" name="intent" value={editing ? "update-operator" : "add-operator"} />
          {editing && <input type="hidden" name="operatorId" value={row.id} />}
          <Field label="Pattern" error={errors.pattern} hint="A host suffix, such as loopia.se or ns.cloudflare.com.">
            {(field) => (
              <Input
                {...field}
                name="pattern"
                placeholder="loopia.se"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={260}
                defaultValue={row?.pattern ?? ""}
              />
            )}
          </Field>
          <Field label="Operator" error={errors.operator}>
            {(field) => (
              <Input
                {...field}
                name="operator"
                placeholder="Loopia"
                autoComplete="off"
                maxLength={MAX_OPERATOR_NAME_LENGTH}
                defaultValue={row?.operator ?? ""}
              />
            )}
          </Field>
          <Field label="Kind" error={errors.kind}>
            {(field) => (
              <select {...field} name="kind" className={selectClass} defaultValue={row?.kind ?? "registrar_host"}>
                {NAME_SERVER_OPERATOR_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {OPERATOR_KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <DialogFormFooter
            busy={fetcher.state !== "idle"}
            label={editing ? "Update Operator" : "Add Operator"}
            busyLabel={editing ? "Updating..." : "Adding..."}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteOperatorDialog({ row, onClose }: { row: NameServerOperatorRow | null; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, onClose);
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Operator"
      description={row ? `Name servers under ${row.pattern} will no longer be shown as ${row.operator}'s.` : ""}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={fetcher.state !== "idle"}
      onConfirm={() => row && fetcher.submit({ intent: "delete-operator", operatorId: String(row.id) }, { method: "post" })}
    />
  );
}
