/** Spec §5 import upload: the refusal for anything but a release list. */
export const INVALID_FILE_TYPE = { title: "Invalid File Type", description: "Please upload a JSON file" } as const;

/** JSON by type or name (spec §5); the registry's .txt lists are accepted too. Checked in the browser and on the server. */
export function isReleaseListFile(file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  return file.type === "application/json" || name.endsWith(".json") || name.endsWith(".txt");
}
