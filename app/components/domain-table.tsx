import type { DomainCardData } from "~/domain/domain-card";
import { formatDateSv } from "~/domain/format";
import { familyCellText } from "~/domain/name-family";
import { effectiveStatus, scoreLabel, statusLabel } from "~/domain/labels";
import { domainPagePath } from "~/lib/domain-path";
import { MORE_ANCHOR } from "~/lib/listing-params";
import { CATCH_RISK_COLUMN, type HeaderSort, TABLE_COLUMNS, type TableColumn } from "~/lib/list-table";
import { catchRiskShortText } from "~/domain/catch-risk-levels";

type DomainTableProps<S extends string> = {
  domains: readonly DomainCardData[];
  /** The loader's clock (epoch ms): a name whose release has passed reads as released, as on the cards. */
  now: number;
  /** The list's name, for the caption ("Snart lediga domäner"). */
  label: string;
  /** The current order in words, for the caption ("Snart lediga domäner (sortering: Datum (tidigast först))"). */
  sortLabel?: string;
  /** What each column's header does (headerSort); null: the column does not sort. */
  sortOf: (column: TableColumn) => HeaderSort<S> | null;
  /** The address of the list in another order (the header links). */
  sortHref: (sort: S) => string;
  /** ACE names new to the saved search the view was opened from: their rows say "Ny". */
  newNames?: ReadonlySet<string>;
  /** The row that carries the MORE_ANCHOR id ("Visa fler" without JavaScript lands there). */
  anchorIndex?: number | null;
  /** The soon list: a last column with each name's risk of being taken at once (decision 0085). */
  catchRiskColumn?: boolean;
};

/**
 * A list as a table (docs/product.md, "A table view"): one row a name, its
 * name the row's header, with sortable column headers that are links (they
 * work without JavaScript). Plain markup without classes on the rows, styled
 * by .domain-table in app.css, which also stacks each row below 640 px: a
 * page holds 500 rows, so every byte a row carries counts 500 times.
 */
export function DomainTable<S extends string>({
  domains,
  now,
  label,
  sortLabel,
  sortOf,
  sortHref,
  newNames,
  anchorIndex,
  catchRiskColumn = false,
}: DomainTableProps<S>) {
  const today = new Date(now);
  const columns = catchRiskColumn ? [...TABLE_COLUMNS, CATCH_RISK_COLUMN] : TABLE_COLUMNS;
  return (
    <div className="domain-table-frame">
      <table className="domain-table" data-testid="domain-table">
        <caption className="sr-only">{sortLabel ? `${label} (sortering: ${sortLabel})` : label}</caption>
        <thead>
          <tr>
            {columns.map(({ key, header }) => {
              const sort = sortOf(key);
              return (
                <th key={key} scope="col" aria-sort={sort?.current ?? undefined}>
                  {sort ? (
                    <a href={sortHref(sort.next)} data-sort={sort.current ?? undefined}>
                      {header}
                    </a>
                  ) : (
                    header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {domains.map((domain, index) => {
            const status = effectiveStatus(domain.status, domain.releaseDate, today);
            return (
              <tr key={domain.name} id={index === anchorIndex ? MORE_ANCHOR : undefined}>
                <th scope="row">
                  <a href={domainPagePath(domain.unicodeName)}>{domain.unicodeName}</a>
                  {newNames?.has(domain.name) && (
                    <>
                      {" "}
                      <span className="new-badge">Ny</span>
                    </>
                  )}
                </th>
                <td>{domain.tld}</td>
                <td>{domain.length}</td>
                <td>{releaseText(domain, status !== "soonavailable")}</td>
                <td>{statusLabel(status)}</td>
                <td>{`${domain.score} ${scoreLabel(domain.score)}`}</td>
                <td>{familyCellText(domain.family, domain.tld)}</td>
                {catchRiskColumn && <CatchRiskCell domain={domain} soon={status === "soonavailable"} />}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The risk in short ("Hög, 7 av 10") and its basis, for the pointer as the cell's title and for
 * screen readers as hidden text (a title alone is not read out everywhere): one sentence a row.
 */
function CatchRiskCell({ domain, soon }: { domain: DomainCardData; soon: boolean }) {
  if (!soon || domain.catchRisk === undefined) return <td className="risk">–</td>;
  const basis = domain.catchRiskBasis;
  return (
    <td className="risk" title={basis}>
      {catchRiskShortText(domain.catchRisk)}
      {basis && <span className="sr-only">{` ${basis}`}</span>}
    </td>
  );
}

/** "2026-12-03" ahead, "Släppt 2026-11-20" once released, "–" without a date. One string: React puts no comment in it. */
function releaseText(domain: DomainCardData, released: boolean): string {
  if (!domain.releaseDate) return "–";
  const date = formatDateSv(domain.releaseDate);
  return released && domain.status !== "premium" ? `Släppt ${date}` : date;
}
