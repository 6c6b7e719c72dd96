import { useEffect } from "react";
import { toast as showToast } from "sonner";

export type FlashToast = { id?: string; type: "success" | "error" | "info"; title: string; description?: string };

/** Shows the one-shot toast the root loader read from the flash cookie (see toast.server.ts). */
export function FlashToastEffect({ toast }: { toast: FlashToast | null | undefined }) {
  useEffect(() => {
    if (!toast) return;
    // Deferred a tick so the <Toaster /> is mounted on the first page load.
    const timer = setTimeout(() => {
      const options = { id: toast.id, description: toast.description };
      if (toast.type === "error") showToast.error(toast.title, options);
      else if (toast.type === "info") showToast.info(toast.title, options);
      else showToast.success(toast.title, options);
    }, 0);
    return () => clearTimeout(timer);
  }, [toast]);
  return null;
}
