import { useEffect } from "react";
import { toast as showToast } from "~/lib/toast";

export type FlashToast = { id?: string; type: "success" | "error" | "info"; title: string; description?: string };

/** Shows the one-shot toast the root loader read from the flash cookie (see toast.server.ts). */
export function FlashToastEffect({ toast }: { toast: FlashToast | null | undefined }) {
  useEffect(() => {
    if (!toast) return;
    // The toast waits for the lazily loaded Toaster (app/lib/toast.ts).
    return showToast[toast.type](toast.title, { id: toast.id, description: toast.description });
  }, [toast]);
  return null;
}
