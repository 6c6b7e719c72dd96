import { Button } from "~/components/ui/button";

/**
 * "Visa fler" ("Laddar..." while fetching; docs/product.md, "Pages of a list"). A GET form for the view
 * with one page more (`href`, landing at its first new name), so it works before JavaScript loads;
 * afterwards the submit is intercepted and the next page is appended in place instead.
 */
export function LoadMoreButton({ href, loading, onLoadMore }: { href: string; loading: boolean; onLoadMore: () => void }) {
  const url = new URL(href, "http://localhost");
  return (
    <form
      method="get"
      // A GET form replaces the action's query with its fields and keeps its fragment.
      action={`${url.pathname}${url.hash}`}
      className="mt-8 flex justify-center"
      onSubmit={(event) => {
        event.preventDefault();
        if (!loading) onLoadMore();
      }}
    >
      {[...url.searchParams].map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="outline" size="lg" disabled={loading}>
        {loading ? "Laddar..." : "Visa fler"}
      </Button>
    </form>
  );
}
