import { useId } from "react";
import { Form, Link } from "react-router";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { countNounSv } from "~/domain/format";
import {
  CHANGED_FILTER,
  WATCH_FILTER_PARAM,
  WATCH_SORT_LABELS,
  WATCH_SORT_PARAM,
  WATCH_SORTS,
  WATCH_STATE_ORDER,
  type WatchListView,
  watchListHref,
} from "~/domain/watch-list-view";
import { type WatchStateOfName, watchStateText } from "~/domain/watch-state-of-name";
import { WATCH_STATE_EXPLANATIONS, WATCH_STATE_LABELS, type WatchStateKind } from "~/domain/watch-states";

/**
 * Sort and filter of "Mina bokmärken": a GET form, so it works before JavaScript loads. The filter
 * lists the states the account's watches are in, with their counts, and "Bara ändrade".
 */
export function WatchListControls({
  view,
  counts,
  changed,
}: {
  view: WatchListView;
  counts: Record<WatchStateKind, number>;
  changed: number;
}) {
  const filterId = useId();
  const sortId = useId();
  const field = "h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900";
  const present = WATCH_STATE_ORDER.filter((kind) => counts[kind] > 0 || view.filter === kind);
  return (
    <Form
      method="get"
      action="/account"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-label="Sortera och filtrera bokmärkena"
    >
      <input type="hidden" name="tab" value="bookmarks" />
      <div className="space-y-1">
        <Label htmlFor={filterId} className="text-xs font-normal text-slate-600">
          Visa
        </Label>
        <select id={filterId} name={WATCH_FILTER_PARAM} defaultValue={view.filter ?? ""} className={field}>
          <option value="">Alla</option>
          <option value={CHANGED_FILTER}>{`Bara ändrade (${changed})`}</option>
          {present.map((kind) => (
            <option key={kind} value={kind}>{`${WATCH_STATE_LABELS[kind]} (${counts[kind]})`}</option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={sortId} className="text-xs font-normal text-slate-600">
          Sortera
        </Label>
        <select id={sortId} name={WATCH_SORT_PARAM} defaultValue={view.sort} className={field}>
          {WATCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {WATCH_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Visa</Button>
    </Form>
  );
}

/** "3 bevakningar har ändrats sedan ditt förra besök", with a link to those alone. Nothing when none has. */
export function WatchChangesNote({ changed, view }: { changed: number; view: WatchListView }) {
  if (changed === 0) return null;
  const text = `${countNounSv(changed, { one: "bevakning har", many: "bevakningar har" })} ändrats sedan ditt förra besök.`;
  return (
    <p role="status" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
      {text}{" "}
      {view.filter !== CHANGED_FILTER && (
        <Link to={watchListHref({ sort: view.sort, filter: CHANGED_FILTER })} className="font-medium underline underline-offset-2">
          Visa bara ändrade
        </Link>
      )}
    </p>
  );
}

const STATE_BADGES: Record<WatchStateKind, BadgeVariant> = {
  registered: "muted",
  gone_from_zone: "warning",
  renewed: "muted",
  on_list: "default",
  released_free: "success",
  taken_again: "danger",
  free: "success",
  premium: "premium",
  unknown: "outline",
};

/** A watch's state line above its card: the badge, its time and where it points, and "Ny" until shown. */
export function WatchStateLine({ state, isNew }: { state: WatchStateOfName; isNew: boolean }) {
  const text = watchStateText(state);
  const label = WATCH_STATE_LABELS[state.kind];
  const rest = text.startsWith(label) ? text.slice(label.length).replace(/^,?\s*/, "") : text;
  return (
    <p className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700" data-watch-state={state.kind}>
      {isNew && (
        <Badge variant="warning" className="font-semibold">
          Ny<span className="sr-only"> ändring sedan ditt förra besök:</span>
        </Badge>
      )}{" "}
      <Badge variant={STATE_BADGES[state.kind]} title={WATCH_STATE_EXPLANATIONS[state.kind]}>
        {label}
      </Badge>
      {rest && (
        <>
          {" "}
          <span>{rest}</span>
        </>
      )}
    </p>
  );
}
