/** An upload that is not a release list is refused with this (docs/product.md, "The texts that matter"). */
export const INVALID_FILE_TYPE = { title: "Invalid File Type", description: "Please upload a JSON file" } as const;

/** JSON by type or name; the registry's .txt lists are accepted too. Checked in the browser and on the server. */
export function isReleaseListFile(file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  return file.type === "application/json" || name.endsWith(".json") || name.endsWith(".txt");
}
