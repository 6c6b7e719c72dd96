import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// The shape is the .badge class (app.css): a list page shows a badge on each of its hundred cards.
const badgeVariants = cva("badge", {
  variants: {
    variant: {
      default: "bg-brand-100 text-brand-800",
      success: "bg-green-100 text-green-800",
      warning: "bg-amber-100 text-amber-900",
      muted: "bg-slate-100 text-slate-700",
      danger: "bg-red-100 text-red-800",
      premium: "bg-violet-100 text-violet-800",
      outline: "border border-slate-300 text-slate-800",
    },
  },
  defaultVariants: { variant: "default" },
});

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>["variant"]>;

export function Badge({ className, variant, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
