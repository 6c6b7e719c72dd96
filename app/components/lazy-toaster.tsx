import { useEffect, useState, type ComponentType } from "react";
import type { ToasterProps } from "sonner";
import { loadSonner, toasterMounted } from "~/lib/toast";

/**
 * sonner's Toaster, loaded after hydration instead of in the first page's
 * JavaScript. It has no size of its own until a toast shows, so mounting it
 * late moves nothing on the page.
 */
export function LazyToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let cancelled = false;
    loadSonner().then(
      (module) => !cancelled && setToaster(() => module.Toaster),
      (error) => console.warn("[toast] could not load the toaster", error),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  if (!Toaster) return null;
  return (
    <>
      <Toaster {...props} />
      {/* Effects run in order: by the time this one runs, the Toaster has subscribed. */}
      <MountedSignal />
    </>
  );
}

function MountedSignal() {
  useEffect(toasterMounted, []);
  return null;
}
