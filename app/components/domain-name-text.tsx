/**
 * A domain name laid out so that it wraps where a reader expects: after a
 * hyphen of its label or before its TLD (a soft break), never inside the TLD.
 * Only a label wider than the whole line breaks elsewhere, rather than stick
 * out of its box (overflow-wrap: anywhere is used when nothing else fits).
 */
export function DomainNameText({ name }: { name: string }) {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return <span className="wrap-anywhere">{name}</span>;
  return (
    <>
      <span className="wrap-anywhere">{name.slice(0, dot)}</span>
      <wbr />
      <span className="whitespace-nowrap">{name.slice(dot)}</span>
    </>
  );
}
