-- Saved searches (docs/product.md, "Saved searches"): a user's named list views, each with
-- its private feeds' token. Deleted with the account (the foreign key, and deleteAccount).
CREATE TABLE "saved_searches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"list" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"feed_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_feed_token_unique" UNIQUE("feed_token"),
	CONSTRAINT "saved_searches_list_check" CHECK ("list" in ('soon-available', 'available', 'featured', 'premium'))
);--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_created_idx" ON "saved_searches" USING btree ("user_id","created_at");
