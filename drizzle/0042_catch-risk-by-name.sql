-- The risk of being taken at once per soon-available name, in per cent (decision 0085), for the soon
-- list's filter and sorts. Null until the statistics job or an import writes it; no rewrite of the table.
ALTER TABLE "domains" ADD COLUMN "catch_risk" smallint;--> statement-breakpoint
CREATE INDEX "domains_soon_catch_risk_asc_sv_idx" ON "domains" USING btree ("catch_risk",(swedish_sort_key("unicode_name") collate "C"),"name") WHERE "domains"."status" = 'soonavailable';--> statement-breakpoint
CREATE INDEX "domains_soon_catch_risk_desc_sv_idx" ON "domains" USING btree ("catch_risk" DESC NULLS LAST,(swedish_sort_key("unicode_name") collate "C"),"name") WHERE "domains"."status" = 'soonavailable';--> statement-breakpoint
-- A download in the default order reads this index alone (migration 0032): it now carries the risk too.
DROP INDEX "domains_status_release_sv_idx";--> statement-breakpoint
CREATE INDEX "domains_status_release_sv_idx" ON "domains" USING btree ("status","release_date",(swedish_sort_key("unicode_name") collate "C"),"name") INCLUDE ("unicode_name","tld","length","taken_at","score","is_featured","price","catch_risk");
