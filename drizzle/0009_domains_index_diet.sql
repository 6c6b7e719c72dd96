-- Indexes no query needs (docs/decisions/0009-fast-release-list-imports.md). Every name an import writes
-- updates each index of domains, so each one that no query reads is paid for on every row.
-- (status, updated_at desc) and (status, score desc) are the leading columns of
-- domains_status_updated_name_idx and domains_status_score_name_idx, which serve the same reads and
-- add the name tie-break; (is_featured, score desc) was the first featured list's index, replaced
-- by the partial domains_featured_list_score_idx (migration 0002).
DROP INDEX IF EXISTS "domains_status_updated_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "domains_status_score_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "domains_featured_score_idx";
