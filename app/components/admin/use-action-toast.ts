import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { toast } from "sonner";
import type { AdminActionResult } from "~/domain/admin-action-result";

/**
 * Shows each answer of a backoffice fetcher once, as a success or destructive
 * toast, and hands it to `onResult` (to close a dialog, keep field errors ...).
 */
export function useActionToast(fetcher: FetcherWithComponents<AdminActionResult>, onResult?: (result: AdminActionResult) => void) {
  const handled = useRef<AdminActionResult | undefined>(undefined);
  const callback = useRef(onResult);
  callback.current = onResult;

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    // A quiet answer started work whose outcome the caller announces when it ends.
    if (!result.quiet && result.ok) toast.success(result.title, { description: result.description });
    if (!result.quiet && !result.ok) toast.error(result.title, { description: result.description });
    callback.current?.(result);
  }, [fetcher.state, fetcher.data]);
}
