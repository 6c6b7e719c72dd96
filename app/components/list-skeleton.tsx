import { Skeleton } from "~/components/ui/skeleton";

/** 8 placeholder cards while a list loads (docs/product.md, "Layout and loading"). */
export function ListSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="list-skeleton">
      <span className="sr-only">Laddar domäner...</span>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="flex h-40 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="mt-auto h-4 w-2/3" />
          </li>
        ))}
      </ul>
    </div>
  );
}
