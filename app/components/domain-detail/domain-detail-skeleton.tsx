import { Skeleton } from "~/components/ui/skeleton";

export const LOADING_TEXT = "Laddar domäninformation...";

/** Shown while the next domain's data loads (docs/product.md, "Layout and loading"). */
export function DomainDetailSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <p role="status" className="text-slate-700">
        {LOADING_TEXT}
      </p>
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
