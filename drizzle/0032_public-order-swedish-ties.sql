-- The public lists' orders break ties by the name in Swedish order (a–z, then å, ä, ö) before the ACE
-- name, within a release date, a score, a length or a moment (decision 0067): one index per offered
-- order, read forwards, so a page or a download's batch is one range of it. Three indexes with the
-- ACE name as the tie-break give way to their Swedish ones. The release-date index, the default
-- order's, carries a download's columns (INCLUDE, written here by hand: Drizzle's index builder cannot
-- say it), so a download in that order reads the index alone: its rows of one date lie scattered over
-- the table (decision 0067, "Measurements").
DROP INDEX "domains_available_updated_name_idx";--> statement-breakpoint
DROP INDEX "domains_status_score_name_idx";--> statement-breakpoint
DROP INDEX "domains_featured_list_score_idx";--> statement-breakpoint
CREATE INDEX "domains_available_updated_sv_idx" ON "domains" USING btree ("updated_at" DESC NULLS LAST,(swedish_sort_key("unicode_name") collate "C"),"name") WHERE "domains"."status" = 'available';--> statement-breakpoint
CREATE INDEX "domains_status_score_sv_idx" ON "domains" USING btree ("status","score" DESC NULLS LAST,(swedish_sort_key("unicode_name") collate "C"),"name");--> statement-breakpoint
CREATE INDEX "domains_soon_score_asc_sv_idx" ON "domains" USING btree ("score",(swedish_sort_key("unicode_name") collate "C"),"name") WHERE "domains"."status" = 'soonavailable';--> statement-breakpoint
CREATE INDEX "domains_status_release_sv_idx" ON "domains" USING btree ("status","release_date",(swedish_sort_key("unicode_name") collate "C"),"name") INCLUDE ("unicode_name","tld","length","taken_at","score","is_featured","price");--> statement-breakpoint
CREATE INDEX "domains_status_release_desc_sv_idx" ON "domains" USING btree ("status","release_date" DESC NULLS FIRST,(swedish_sort_key("unicode_name") collate "C"),"name");--> statement-breakpoint
CREATE INDEX "domains_length_sv_idx" ON "domains" USING btree ("length",(swedish_sort_key("unicode_name") collate "C"),"name","status","is_featured");--> statement-breakpoint
CREATE INDEX "domains_featured_list_score_sv_idx" ON "domains" USING btree ("score" DESC NULLS LAST,(swedish_sort_key("unicode_name") collate "C"),"name") WHERE "domains"."is_featured" and "domains"."status" in ('available', 'soonavailable', 'premium');