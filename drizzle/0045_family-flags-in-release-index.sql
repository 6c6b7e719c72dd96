-- The lists' cards read their family flags with the page (decision 0089). The soon list's default order
-- reads this index alone for its cards and a download in that order for its rows (migrations 0032, 0042):
-- it now carries the two flags too, so that neither turns into a read of the table's scattered rows.
DROP INDEX "domains_status_release_sv_idx";--> statement-breakpoint
CREATE INDEX "domains_status_release_sv_idx" ON "domains" USING btree ("status","release_date",(swedish_sort_key("unicode_name") collate "C"),"name") INCLUDE ("unicode_name","tld","length","taken_at","score","is_featured","price","catch_risk","sibling_registered","twin_registered");
