import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { DialogTrigger } from "~/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { pageCount } from "~/lib/pagination";
import type { PremiumDomainRow } from "~/server/admin/list-premium-domains.server";
import type { AdminActionResult } from "./action-result";
import { AdminPager } from "./admin-pager";
import { ConfirmDialog } from "./confirm-dialog";
import { PremiumFormDialog, type EditablePremium } from "./premium-form-dialog";
import { useActionToast } from "./use-action-toast";

export type PremiumTabData = { page: number; pageSize: number; domains: PremiumDomainRow[]; total: number };

/** Spec §2 Premium tab "Premium Domain Management". */
export function PremiumTab({ data }: { data: PremiumTabData }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<EditablePremium | null>(null);
  const [deleting, setDeleting] = useState<PremiumDomainRow | null>(null);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Premium Domain Management</h2>
        <PremiumFormDialog
          open={adding}
          onOpenChange={setAdding}
          trigger={
            <DialogTrigger asChild>
              <Button>
                <Plus aria-hidden="true" /> Add Premium Domain
              </Button>
            </DialogTrigger>
          }
        />
      </CardHeader>
      <CardContent className="space-y-4">
        <Table aria-label="Premium domains">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Price (SEK)</TableHead>
              <TableHead>Description</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.domains.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="py-8 text-center text-slate-600">
                  No premium domains found. Add your first one!
                </TableCell>
              </TableRow>
            ) : (
              data.domains.map((domain) => (
                <TableRow key={domain.name} data-domain={domain.name}>
                  <TableCell className="font-medium break-all">{domain.unicodeName}</TableCell>
                  <TableCell className="whitespace-nowrap">{domain.price === null ? "Contact us" : `${domain.price} SEK`}</TableCell>
                  <TableCell className="max-w-md">
                    {domain.description ? (
                      <span className="line-clamp-2">{domain.description}</span>
                    ) : (
                      <span className="text-slate-600">No description</span>
                    )}
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant="outline" onClick={() => setEditing(domain)}>
                        <Pencil aria-hidden="true" /> Edit<span className="sr-only"> {domain.unicodeName}</span>
                      </Button>
                      <Button size="sm" variant="outline" className="text-red-800" onClick={() => setDeleting(domain)}>
                        <Trash2 aria-hidden="true" /> Delete<span className="sr-only"> {domain.unicodeName}</span>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        <AdminPager
          page={data.page}
          totalPages={pageCount(data.total, data.pageSize)}
          hrefFor={(page) => `?tab=premium&page=${page}`}
          label="Premium domain pages"
        />
      </CardContent>
      {editing && <PremiumFormDialog domain={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      <DeletePremiumDialog domain={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

function DeletePremiumDialog({ domain, onClose }: { domain: PremiumDomainRow | null; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, () => onClose());
  const bookmarks = domain?.bookmarkCount ?? 0;
  return (
    <ConfirmDialog
      open={domain !== null}
      onOpenChange={(open) => !open && onClose()}
      title={domain ? `Are you sure you want to delete ${domain.unicodeName}?` : ""}
      description={
        <>
          The domain is removed from the site.{" "}
          {bookmarks > 0 ? `${bookmarks} user bookmark${bookmarks === 1 ? "" : "s"} of it will be removed too. ` : ""}
          Its history is kept.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={fetcher.state !== "idle"}
      onConfirm={() => domain && fetcher.submit({ intent: "delete-premium", name: domain.name }, { method: "post" })}
    />
  );
}
