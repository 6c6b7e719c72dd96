CREATE TABLE "watch_list_visits" (
	"user_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD COLUMN "shown_state" text;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD COLUMN "shown_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD COLUMN "shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watch_list_visits" ADD CONSTRAINT "watch_list_visits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;