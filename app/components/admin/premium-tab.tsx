import { Pencil, Plus, Search, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TableCell, TableRow } from "~/components/ui/table";
import { MAX_FILTER_LENGTH } from "~/lib/admin-list-params";
import { adminTabPath } from "~/lib/admin-tabs";
import { pageCount } from "~/lib/pagination";
import type { PremiumDomainRow } from "~/domain/backoffice-rows";
import type { AdminActionResult } from "~/domain/admin-action-result";
import { AdminPager } from "./admin-pager";
import { AdminTable } from "./admin-table";
import { ConfirmDialog } from "./confirm-dialog";
import { PremiumFormDialog, type EditablePremium } from "./premium-form-dialog";
import { useActionToast } from "./use-action-toast";

export type PremiumTabData = {
  page: number;
  pageSize: number;
  /** The search box's text, and the term the list was searched for (null: not searched, under two characters). */
  q: string;
  searched: string | null;
  domains: PremiumDomainRow[];
  total: number;
};

/** The Premium tab's URL for a search text and page; the defaults are left out. */
function premiumListHref({ q = "", page = 1 }: { q?: string; page?: number }) {
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${adminTabPath("premium")}?${query}` : adminTabPath("premium");
}

/**
 * The Premium tab, "Premium Domain Management" (docs/product.md, "Premium names"). A name just added is
 * searched for, so it is in view whichever page its name sorts to.
 */
export function PremiumTab({ data }: { data: PremiumTabData }) {
  const navigate = useNavigate();
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
          onSaved={(result) => {
            if (result.domain) void navigate(premiumListHref({ q: result.domain }), { preventScrollReset: true });
          }}
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
        <PremiumSearch data={data} />
        <AdminTable
          aria-label="Premium domains"
          columns={["Name", "Price (SEK)", "Description", "Actions"]}
          rows={data.domains}
          emptyText={data.searched ? `No premium domains match “${data.q}”.` : "No premium domains found. Add your first one!"}
        >
          {(domain) => (
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
          )}
        </AdminTable>
        <AdminPager
          page={data.page}
          totalPages={pageCount(data.total, data.pageSize)}
          hrefFor={(page) => premiumListHref({ q: data.q, page })}
          label="Premium domain pages"
        />
      </CardContent>
      {editing && <PremiumFormDialog domain={editing} open onOpenChange={(open) => !open && setEditing(null)} />}
      <DeletePremiumDialog domain={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

/**
 * A GET form: it works before JavaScript loads, every search has its own
 * URL, and the pager keeps the search. The list is read on the server.
 */
function PremiumSearch({ data }: { data: PremiumTabData }) {
  const ids = { q: useId(), result: useId() };
  const tooShort = data.q !== "" && data.searched === null;
  return (
    <Form method="get" role="search" aria-label="Search premium domains" className="space-y-1.5">
      <Label htmlFor={ids.q}>Search</Label>
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-48 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            // A new search (or the name just added) replaces what was typed.
            key={data.q}
            id={ids.q}
            name="q"
            type="search"
            defaultValue={data.q}
            placeholder="Search premium domains..."
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={MAX_FILTER_LENGTH}
            aria-describedby={ids.result}
            className="pl-9"
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
        {data.q ? (
          <Link to={premiumListHref({})} className={buttonVariants({ variant: "ghost" })} preventScrollReset>
            Show all
          </Link>
        ) : null}
      </div>
      <p id={ids.result} className="text-sm text-slate-600">
        {tooShort
          ? "Type at least 2 characters to search."
          : data.searched
            ? `${data.total} premium domain${data.total === 1 ? "" : "s"} matching “${data.q}”.`
            : `${data.total} premium domain${data.total === 1 ? "" : "s"}.`}
      </p>
    </Form>
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
          {bookmarks > 0 ? `${bookmarks} user${bookmarks === 1 ? " watches" : "s watch"} it and will keep watching it by name. ` : ""}
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
