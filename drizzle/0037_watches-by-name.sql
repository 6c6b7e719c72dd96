-- Watches ("bevakningar") are kept by name (decision 0076): a bookmark no
-- longer points at a row of domains, so any valid .se/.nu name can be watched and deleting a
-- listed name (a premium name) no longer deletes anyone's watch of it. No row is rewritten: every
-- existing bookmark already holds its name's key, the ACE form in lower case, and stays as it is.
ALTER TABLE "bookmarks" DROP CONSTRAINT "bookmarks_domain_name_domains_name_fk";
--> statement-breakpoint
-- The shape of a name's key, for rows written from now on. NOT VALID: the existing rows came from
-- domains' keys and are not read again to add it, so the migration cannot fail on old data.
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_domain_name_check" CHECK ("bookmarks"."domain_name" ~ '^[a-z0-9-]{1,63}[.](se|nu)$') NOT VALID;
