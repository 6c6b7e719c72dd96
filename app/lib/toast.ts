/**
 * Toasts without sonner in the first page load: sonner (~10 KB gzip) is
 * loaded after hydration by <LazyToaster /> (root.tsx), and a toast asked for
 * earlier waits until that Toaster is mounted (sonner drops toasts nobody
 * subscribes to yet). Same calls as sonner's `toast` for what the site uses.
 */
export type ToastOptions = { id?: string | number; description?: string };
type Kind = "success" | "error" | "info";

let sonner: Promise<typeof import("sonner")> | null = null;
let markMounted!: () => void;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** The sonner module, imported once. */
export function loadSonner(): Promise<typeof import("sonner")> {
  sonner ??= import("sonner");
  return sonner;
}

/** Called by LazyToaster once sonner's Toaster has subscribed. */
export function toasterMounted(): void {
  markMounted();
}

/** Shows the toast once the Toaster is there; the returned function cancels one not shown yet. */
function show(kind: Kind, title: string, options?: ToastOptions): () => void {
  let cancelled = false;
  void Promise.all([loadSonner(), mounted]).then(([module]) => {
    if (!cancelled) module.toast[kind](title, options);
  });
  return () => {
    cancelled = true;
  };
}

export const toast = {
  success: (title: string, options?: ToastOptions) => show("success", title, options),
  error: (title: string, options?: ToastOptions) => show("error", title, options),
  info: (title: string, options?: ToastOptions) => show("info", title, options),
};
