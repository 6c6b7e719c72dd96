CREATE TABLE "name_server_operators" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "name_server_operators_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pattern" text NOT NULL,
	"operator" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "name_server_operators_pattern_key" UNIQUE("pattern"),
	CONSTRAINT "name_server_operators_kind_check" CHECK ("name_server_operators"."kind" in ('registrar_host', 'parking', 'aftermarket', 'other'))
);
--> statement-breakpoint
-- A starting list of who the name servers belong to (docs/product.md, "Who the name servers belong
-- to"), editable in the backoffice (TLD Imports → Name server operators). Each pattern is a host
-- suffix seen in real delegations (ns1.loopia.se, ns01.one.com, ns1.binero.se, ns1–ns6.inleed.net,
-- ns1.hyp.net, *.ns.cloudflare.com, ns1.websupport.sk, ns1.sedoparking.com, ns1.afternic.com,
-- ns1.parkingcrew.net) or the operator's own domain where its name-server names were not checked
-- (websupport.se, misshosting.com, glesys.se): a starting point, not a complete or verified list.
INSERT INTO "name_server_operators" ("pattern", "operator", "kind") VALUES
  ('loopia.se', 'Loopia', 'registrar_host'),
  ('one.com', 'one.com', 'registrar_host'),
  ('binero.se', 'Binero', 'registrar_host'),
  ('websupport.se', 'Websupport', 'registrar_host'),
  ('websupport.sk', 'Websupport', 'registrar_host'),
  ('websupport.eu', 'Websupport', 'registrar_host'),
  ('misshosting.com', 'Miss Hosting', 'registrar_host'),
  ('inleed.net', 'Inleed', 'registrar_host'),
  ('glesys.se', 'GleSYS', 'registrar_host'),
  ('ns.cloudflare.com', 'Cloudflare', 'registrar_host'),
  ('hyp.net', 'Domeneshop', 'registrar_host'),
  ('domaincontrol.com', 'GoDaddy', 'registrar_host'),
  ('registrar-servers.com', 'Namecheap', 'registrar_host'),
  ('dns-parking.com', 'Hostinger', 'registrar_host'),
  ('sedoparking.com', 'Sedo', 'parking'),
  ('bodis.com', 'Bodis', 'parking'),
  ('parkingcrew.net', 'ParkingCrew', 'parking'),
  ('above.com', 'Above.com', 'parking'),
  ('afternic.com', 'Afternic', 'aftermarket'),
  ('dan.com', 'Dan.com', 'aftermarket');
