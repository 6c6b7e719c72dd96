-- The public lists' "Svenska ord" filter (docs/product.md, "Filters"): whether a name's label is a
-- dictionary word (2), contains one (1) or neither (0), app/domain/swedish-words.ts. SQL cannot read
-- the dictionary, so every writer sends the class with the name's score. NULL means not known yet:
-- the names stored before this migration, which the app classifies when it starts
-- (fillUnknownWordClasses), and rows a writer left without it; the filter selects none of them.
-- Nullable without a default, so adding the column rewrites nothing.
ALTER TABLE "domains" ADD COLUMN "word_class" smallint;--> statement-breakpoint
-- The names still to classify, in name order, for that fill: it holds every stored name until the
-- first start after this migration, then none, so each later start finds nothing to do at no cost.
CREATE INDEX "domains_word_class_unknown_idx" ON "domains" USING btree ("name") WHERE "word_class" IS NULL;
