import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Alert({ className, variant = "default", ...props }: ComponentProps<"div"> & { variant?: "default" | "destructive" | "success" | "warning" }) {
  return (
    <div
      role="alert"
      className={cn(
        "rounded-lg border p-4 text-sm",
        variant === "default" && "border-slate-200 bg-white text-slate-900",
        variant === "destructive" && "border-red-300 bg-red-50 text-red-900",
        variant === "success" && "border-green-300 bg-green-50 text-green-900",
        variant === "warning" && "border-amber-300 bg-amber-50 text-amber-950",
        className,
      )}
      {...props}
    />
  );
}
/** Bold text, not a heading: an alert sits anywhere in a page, and an h5 there skipped heading levels (under an h1 on /auth). */
export function AlertTitle({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mb-1 font-semibold", className)} {...props} />;
}
export function AlertDescription({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("text-sm", className)} {...props} />;
}
