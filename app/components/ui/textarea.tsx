import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-20 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-600 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
