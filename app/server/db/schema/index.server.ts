export * from "./auth.server";
export * from "./bookmarks.server";
export * from "./domain-filter-counts.server";
export * from "./domain-list-counts.server";
export * from "./domains.server";
export * from "./imports.server";
export * from "./messages.server";
export * from "./statistics.server";
