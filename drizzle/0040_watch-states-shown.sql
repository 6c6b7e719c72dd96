ALTER TABLE "bookmarks" ADD COLUMN "shown_state" text;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD COLUMN "shown_since" timestamp with time zone;