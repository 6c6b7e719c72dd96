import { ExternalLink as ExternalLinkIcon } from "lucide-react";
import type { ExternalLink } from "~/lib/external-links";

/** Links to other sites open in a new tab, without giving that tab a handle on this one. */
export function ExternalLinkList({ links, label }: { links: ExternalLink[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {links.map((link) => (
        <li key={link.id}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="flex h-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 hover:border-brand-600 hover:bg-brand-50"
          >
            <span className="flex items-center gap-1.5 font-semibold text-brand-800">
              {link.label}
              <ExternalLinkIcon aria-hidden="true" className="size-4" />
              <span className="sr-only">(öppnas i en ny flik)</span>
            </span>
            <span className="text-sm text-slate-700">{link.description}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
