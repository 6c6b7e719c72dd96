/**
 * An administrator's description as the domain page shows it: plain text
 * (React escapes it), one paragraph per blank-line-separated block, single
 * line breaks kept inside a paragraph (the element uses white-space:
 * pre-line). Windows line endings, spaces at line ends and runs of blank
 * lines are tidied; nothing else changes.
 */
export function descriptionParagraphs(description: string | null): string[] {
  if (!description) return [];
  return description
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => line.trimEnd())
        .join("\n")
        .trim(),
    )
    .filter(Boolean);
}
