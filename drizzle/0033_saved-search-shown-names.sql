CREATE TABLE "saved_search_shown_names" (
	"saved_search_id" text NOT NULL,
	"domain_name" text NOT NULL,
	"domain_updated_at" timestamp with time zone NOT NULL,
	"shown_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_search_shown_names_saved_search_id_domain_name_pk" PRIMARY KEY("saved_search_id","domain_name")
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "opened_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_search_shown_names" ADD CONSTRAINT "saved_search_shown_names_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_shown_names" ADD CONSTRAINT "saved_search_shown_names_domain_name_domains_name_fk" FOREIGN KEY ("domain_name") REFERENCES "public"."domains"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "saved_search_shown_names_domain_idx" ON "saved_search_shown_names" USING btree ("domain_name");