import { Pager } from "~/components/pager";

/** The backoffice's pager: the shared one in English, keeping the scroll position between a tab's pages. */
export function AdminPager({
  page,
  totalPages,
  hrefFor,
  label = "Pagination",
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  return (
    <Pager
      page={page}
      totalPages={totalPages}
      hrefFor={hrefFor}
      labels={{ nav: label, previous: "Previous", next: "Next", page: (number) => `Page ${number}` }}
      preventScrollReset
    />
  );
}
