import { useId } from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";

type SortSelectProps<T extends string> = {
  value: T;
  options: Record<T, string>;
  label?: string;
  name?: string;
  className?: string;
  /** Instead of submitting the surrounding form (e.g. to build a cleaner URL). */
  onValueChange?: (value: T) => void;
};

/**
 * A native select inside the page's GET form: it works before JavaScript
 * loads (with the form's submit button) and submits itself on change after.
 * Native on purpose: phones show their own picker and it needs no portal.
 */
export function SortSelect<T extends string>({
  value,
  options,
  label = "Sortera",
  name = "sort",
  className,
  onValueChange,
}: SortSelectProps<T>) {
  const id = useId();
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Label htmlFor={id} className="shrink-0">
        {label}
      </Label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        onChange={(event) => {
          if (onValueChange) onValueChange(event.currentTarget.value as T);
          else event.currentTarget.form?.requestSubmit();
        }}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
      >
        {(Object.keys(options) as T[]).map((option) => (
          <option key={option} value={option}>
            {options[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
