-- The registry's zone (decision "zone staging and apply"). Names and name servers compare byte-wise
-- (collate "C", which Drizzle's column builders cannot say): the staged names are grouped and sorted the
-- same way, so two name-server arrays are equal exactly when they hold the same hosts.
CREATE TABLE "zone_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zone_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"snapshot_id" integer NOT NULL,
	"tld" "domain_tld" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"kind" text NOT NULL,
	"old_name_servers" text[] COLLATE "C",
	"new_name_servers" text[] COLLATE "C",
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "zone_changes_kind_check" CHECK ("zone_changes"."kind" in ('appeared', 'disappeared', 'name_servers_changed'))
);
--> statement-breakpoint
CREATE TABLE "zone_delegations" (
	"name" text COLLATE "C" PRIMARY KEY NOT NULL,
	"tld" "domain_tld" NOT NULL,
	"name_servers" text[] COLLATE "C" NOT NULL,
	"ds_records" smallint DEFAULT 0 NOT NULL,
	"has_ds" boolean GENERATED ALWAYS AS (ds_records > 0) STORED,
	"delegated_since" timestamp with time zone NOT NULL,
	"since_snapshot_id" integer NOT NULL,
	"last_changed_at" timestamp with time zone NOT NULL,
	"last_changed_snapshot_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zone_snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zone_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tld" "domain_tld" NOT NULL,
	"serial" bigint NOT NULL,
	"from_serial" bigint,
	"source" text NOT NULL,
	"trigger" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"records" bigint DEFAULT 0 NOT NULL,
	"names" integer,
	"appeared" integer,
	"disappeared" integer,
	"name_servers_changed" integer,
	"held_reason" text,
	"forced" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "zone_snapshots_source_check" CHECK ("zone_snapshots"."source" in ('full', 'incremental', 'file', 'demo')),
	CONSTRAINT "zone_snapshots_state_check" CHECK ("zone_snapshots"."state" in ('running', 'succeeded', 'held', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "zone_sync_state" (
	"tld" "domain_tld" PRIMARY KEY NOT NULL,
	"last_seen_serial" bigint,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"sync_started_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "zone_changes" ADD CONSTRAINT "zone_changes_snapshot_id_zone_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."zone_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_delegations" ADD CONSTRAINT "zone_delegations_since_snapshot_id_zone_snapshots_id_fk" FOREIGN KEY ("since_snapshot_id") REFERENCES "public"."zone_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_delegations" ADD CONSTRAINT "zone_delegations_last_changed_snapshot_id_zone_snapshots_id_fk" FOREIGN KEY ("last_changed_snapshot_id") REFERENCES "public"."zone_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zone_changes_name_idx" ON "zone_changes" USING btree ("name","seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "zone_changes_seen_idx" ON "zone_changes" USING btree ("tld","seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "zone_changes_snapshot_idx" ON "zone_changes" USING btree ("snapshot_id");--> statement-breakpoint
CREATE INDEX "zone_delegations_tld_idx" ON "zone_delegations" USING btree ("tld");--> statement-breakpoint
CREATE INDEX "zone_snapshots_tld_started_idx" ON "zone_snapshots" USING btree ("tld","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "zone_snapshots_applied_idx" ON "zone_snapshots" USING btree ("tld","applied_at" DESC NULLS LAST) WHERE "zone_snapshots"."state" = 'succeeded';