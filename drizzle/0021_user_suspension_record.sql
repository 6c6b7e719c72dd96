-- Who suspended a user, and when (the backoffice's Users tab shows it). better-auth's admin
-- plugin keeps only banned/ban_reason/ban_expires. The suspending administrator may delete
-- their own account later: the record then keeps the time and loses the name.
ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "banned_by" text;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_banned_by_user_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
