/**
 * A domain name laid out so that it wraps where a reader expects: after a
 * hyphen of its label or before its TLD (a soft break), never inside the TLD.
 * Only a label wider than the whole line breaks elsewhere, rather than stick
 * out of its box (overflow-wrap: anywhere is used when nothing else fits).
 */
export function DomainNameText({ name }: { name: string }) {
  const dot = name.lastIndexOf(".");
  // One class on the whole name (app.css, .domain-name): this runs once for each of a list's cards.
  if (dot <= 0) return <span className="domain-name">{name}</span>;
  return (
    <span className="domain-name">
      {name.slice(0, dot)}
      <wbr />
      <span>{name.slice(dot)}</span>
    </span>
  );
}
