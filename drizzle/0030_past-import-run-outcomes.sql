-- Runs recorded before outcomes were told apart said "succeeded" whatever they
-- rejected: a list written with rejected entries partly failed, and one whose
-- every entry was rejected failed (docs/product.md, "A run's outcome"). Their
-- rejected entries beyond the first 20 were never kept, so their download
-- holds those 20, with the reason (which quotes the entry) and no entry.
UPDATE "import_runs" SET "state" = 'partly_failed' WHERE "state" = 'succeeded' AND "failed" > 0 AND "processed" > 0;--> statement-breakpoint
UPDATE "import_runs"
   SET "state" = 'failed',
       "error_message" = 'Every entry of the list was rejected (' || "failed" || ' of ' || "total" || ')'
 WHERE "state" = 'succeeded' AND "failed" > 0 AND "processed" = 0;
--> statement-breakpoint
INSERT INTO "import_rejections" ("run_id", "position", "entry", "reason")
SELECT r."id", m[2]::int, '', m[3]
  FROM "import_runs" r
 CROSS JOIN LATERAL jsonb_array_elements_text(r."errors") AS e(text)
 CROSS JOIN LATERAL regexp_match(e.text, '^(Line|Item) ([0-9]{1,9}): (.*)$') AS m
ON CONFLICT DO NOTHING;
