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
