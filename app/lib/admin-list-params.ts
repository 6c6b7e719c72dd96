// The backoffice domain list's filters, sort and page as they live in the URL
// (so every view is a permalink), and the query object the server runs.
// Used by the loader and by the browser to build links and forms.
import { isValidIsoDate } from "~/domain/utc-dates";
import { MIN_SEARCH_LENGTH } from "~/domain/search-input";
import { MAX_LABEL_LENGTH } from "~/domain/search-keys";

export const ADMIN_PAGE_SIZE = 30;

export const ADMIN_SORT_FIELDS = ["release_date", "name", "tld", "status", "score", "length"] as const;
export type AdminSortField = (typeof ADMIN_SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";

/** The status filter's choices (Swedish labels, as in the original product; docs/product.md, "Statuses"). */
export const ADMIN_STATUS_OPTIONS = [
  { value: "", label: "Alla" },
  { value: "available", label: "Tillgänglig" },
  { value: "soonavailable", label: "Snart ledig" },
  { value: "registered", label: "Registrerad" },
  { value: "premium", label: "Premium" },
  { value: "renewed", label: "Förnyad" },
  { value: "unlisted", label: "Ej listad" },
] as const;
export type AdminStatusFilter = Exclude<(typeof ADMIN_STATUS_OPTIONS)[number]["value"], "">;

export const ADMIN_TLD_OPTIONS = [
  { value: "", label: "Alla" },
  { value: ".se", label: ".SE" },
  { value: ".nu", label: ".NU" },
] as const;
export type AdminTld = ".se" | ".nu";

/** "15+" means 15 as a lower bound and 63 (the longest label) as an upper bound. */
export const LENGTH_PLUS = "15+";
export const LENGTH_OPTIONS = [...Array.from({ length: 15 }, (_, index) => String(index + 1)), LENGTH_PLUS];

/** Longest search text accepted; a domain name is at most 253 characters. */
export const MAX_FILTER_LENGTH = 100;

export type CharacterFilter = "letters" | "digits" | "special" | "nonLatin";
export const CHARACTER_FILTERS: { key: CharacterFilter; param: string; label: string }[] = [
  { key: "letters", param: "letters", label: "Has letters" },
  { key: "digits", param: "digits", label: "Has digits" },
  { key: "special", param: "special", label: "Has special characters (-)" },
  { key: "nonLatin", param: "nonlatin", label: "Has non-Latin characters (å, ä, ö, xn--)" },
];

/** What the URL says, kept close to the form fields (strings as typed). */
export type AdminListParams = {
  q: string;
  status: AdminStatusFilter | "";
  from: string;
  to: string;
  lenFrom: string;
  lenTo: string;
  tld: AdminTld | "";
  characters: Record<CharacterFilter, boolean>;
  sort: AdminSortField;
  dir: SortDirection;
  page: number;
};

/** The Domains tab's query (docs/product.md, "Lists and their order"), as the server runs it. */
export type AdminDomainListQuery = {
  page: number;
  pageSize: number;
  sortField: AdminSortField;
  sortDirection: SortDirection;
  filter: string;
  status: AdminStatusFilter | null;
  /** Inclusive calendar dates: from the start of `releaseFrom` to the end of `releaseTo`. */
  releaseFrom: string | null;
  releaseTo: string | null;
  lengthFrom: number | null;
  lengthTo: number | null;
  tlds: AdminTld[];
  /** true: must have; false: must not have; undefined: either. */
  characters: Partial<Record<CharacterFilter, boolean>>;
};

type AdminFilterFields = "filter" | "status" | "releaseFrom" | "releaseTo" | "lengthFrom" | "lengthTo" | "tlds" | "characters";

/** Every filter off, as an empty URL gives them. */
export const NO_ADMIN_FILTERS: Readonly<Pick<AdminDomainListQuery, AdminFilterFields>> = Object.freeze({
  filter: "",
  status: null,
  releaseFrom: null,
  releaseTo: null,
  lengthFrom: null,
  lengthTo: null,
  tlds: [],
  characters: {},
});

/** Release date ascending unless the admin picks another column. */
export const DEFAULT_SORT: { sort: AdminSortField; dir: SortDirection } = { sort: "release_date", dir: "asc" };

const STATUS_VALUES = new Set<string>(ADMIN_STATUS_OPTIONS.map((option) => option.value).filter(Boolean));

/** Reads the URL leniently: a value that makes no sense is treated as not set. */
export function parseAdminListParams(search: URLSearchParams): AdminListParams {
  const text = (key: string) => (search.get(key) ?? "").trim();
  const status = text("status");
  const tld = text("tld").toLowerCase();
  const sort = text("sort");
  const dir = text("dir");
  const page = Number(text("page"));
  return {
    q: readSearchText(search),
    status: STATUS_VALUES.has(status) ? (status as AdminStatusFilter) : "",
    from: isValidIsoDate(text("from")) ? text("from") : "",
    to: isValidIsoDate(text("to")) ? text("to") : "",
    lenFrom: readLength(search.get("lenFrom")),
    lenTo: readLength(search.get("lenTo")),
    tld: tld === ".se" || tld === "se" ? ".se" : tld === ".nu" || tld === "nu" ? ".nu" : "",
    characters: Object.fromEntries(CHARACTER_FILTERS.map(({ key, param }) => [key, ["1", "true", "on"].includes(text(param))])) as Record<
      CharacterFilter,
      boolean
    >,
    sort: (ADMIN_SORT_FIELDS as readonly string[]).includes(sort) ? (sort as AdminSortField) : DEFAULT_SORT.sort,
    dir: dir === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** A backoffice list's search text (`q`) as typed, within bounds; the Domains and Premium tabs read it alike. */
export function readSearchText(search: URLSearchParams): string {
  // Control and format characters (a NUL byte, say) are never part of a name and PostgreSQL text refuses NUL.
  return (search.get("q") ?? "")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, MAX_FILTER_LENGTH);
}

// "15+" arrives as "15+" from forms (encoded %2B) but as "15 " when typed into
// an address bar, where "+" means a space; both mean the open-ended choice.
function readLength(raw: string | null): string {
  if (raw === null) return "";
  if (raw === LENGTH_PLUS || raw === "15 " || raw === "15plus") return LENGTH_PLUS;
  const value = raw.trim();
  return LENGTH_OPTIONS.includes(value) ? value : "";
}

export function toAdminListQuery(params: AdminListParams): AdminDomainListQuery {
  const characters: Partial<Record<CharacterFilter, boolean>> = {};
  for (const { key } of CHARACTER_FILTERS) if (params.characters[key]) characters[key] = true;
  return {
    page: params.page,
    pageSize: ADMIN_PAGE_SIZE,
    sortField: params.sort,
    sortDirection: params.dir,
    filter: appliedSearchText(params.q),
    status: params.status || null,
    releaseFrom: params.from || null,
    releaseTo: params.to || null,
    lengthFrom: params.lenFrom === "" ? null : params.lenFrom === LENGTH_PLUS ? 15 : Number(params.lenFrom),
    lengthTo: params.lenTo === "" ? null : params.lenTo === LENGTH_PLUS ? MAX_LABEL_LENGTH : Number(params.lenTo),
    tlds: params.tld ? [params.tld] : [],
    characters,
  };
}

/**
 * The search text the list applies: the backoffice searches from 2
 * characters, like every search of the site (docs/product.md, "Searching
 * names"); a single character leaves the list unfiltered (the search box
 * says so) instead of matching most of the table.
 */
export function appliedSearchText(q: string): string {
  return [...q].length >= MIN_SEARCH_LENGTH ? q : "";
}

/** The URL query for these params; defaults are left out so links stay short. */
export function adminListSearch(params: AdminListParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.status) search.set("status", params.status);
  if (params.from) search.set("from", params.from);
  if (params.to) search.set("to", params.to);
  if (params.lenFrom) search.set("lenFrom", params.lenFrom);
  if (params.lenTo) search.set("lenTo", params.lenTo);
  if (params.tld) search.set("tld", params.tld);
  for (const { key, param } of CHARACTER_FILTERS) if (params.characters[key]) search.set(param, "1");
  if (params.sort !== DEFAULT_SORT.sort || params.dir !== DEFAULT_SORT.dir) {
    search.set("sort", params.sort);
    search.set("dir", params.dir);
  }
  if (params.page > 1) search.set("page", String(params.page));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The sort a column header links to: the other direction when already sorted by it, else ascending. */
export function nextSort(params: AdminListParams, field: AdminSortField): Pick<AdminListParams, "sort" | "dir"> {
  if (params.sort === field) return { sort: field, dir: params.dir === "asc" ? "desc" : "asc" };
  return { sort: field, dir: "asc" };
}
