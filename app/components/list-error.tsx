import { useEffect } from "react";
import { toast } from "~/lib/toast";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { LIST_ERROR_TITLE } from "~/lib/list-errors";

/** A list that failed to load says so on the page and in a toast (docs/product.md, "The texts that matter"). */
export function ListError({ message }: { message: string }) {
  useListErrorToast(message);
  return (
    <Alert variant="destructive">
      <AlertTitle>{LIST_ERROR_TITLE}</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** The toast half alone, for errors shown elsewhere on the page. */
export function useListErrorToast(message: string | null | undefined) {
  useEffect(() => {
    if (message) toast.error(LIST_ERROR_TITLE, { description: message, id: message });
  }, [message]);
}
