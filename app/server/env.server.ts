import { z } from "zod";
import type { ZoneTld } from "~/server/zone/zone-records.server";

/**
 * The one place that reads process.env. Every setting the app knows is here,
 * with its default; a bad value stops the boot with a message naming it.
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.string().url().optional());
const flag = (fallback: boolean) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? fallback : !["false", "0", "no", "off"].includes(String(value).toLowerCase())),
    z.boolean(),
  );

export const DEFAULT_ZONE_SERVER = "zonedata.iis.se";
export const DEFAULT_ZONE_TLDS: readonly ZoneTld[] = ["se", "nu"];
export type ZoneServer = { host: string; port: number };

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV6 = /^[0-9a-f:.]+$/i;

/** "host", "host:port", "[IPv6]" or "[IPv6]:port" (DNS's port 53 when none is given); undefined when it is none of these. */
export function parseZoneServer(value: string): ZoneServer | undefined {
  const bare = value.trim();
  // A bare IPv6 address has more than one colon and no port.
  if ((bare.match(/:/g) ?? []).length > 1 && !bare.startsWith("[")) return IPV6.test(bare) ? { host: bare, port: 53 } : undefined;
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, v6, name, portText] = match;
  const port = portText === undefined ? 53 : Number(portText);
  if (port < 1 || port > 65535) return undefined;
  if (v6 !== undefined) return IPV6.test(v6) && v6.includes(":") ? { host: v6, port } : undefined;
  return HOST_NAME.test(name) ? { host: name.toLowerCase().replace(/\.$/, ""), port } : undefined;
}

/** "se,nu", ".se", " nu " …: the TLDs in the order given, without repeats; "none" is none. Undefined for anything else. */
export function parseZoneTlds(value: string): ZoneTld[] | undefined {
  if (value.trim().toLowerCase() === "none") return [];
  const parts = value
    .split(",")
    .map((part) => part.trim().toLowerCase().replace(/^\./, ""))
    .filter(Boolean);
  if (parts.length === 0 || parts.some((part) => part !== "se" && part !== "nu")) return undefined;
  return [...new Set(parts as ZoneTld[])];
}

const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  SEED_DEMO: flag(true),
  SEED_DEMO_SIZE: z.coerce.number().int().min(0).max(5_000_000).default(3000),
  SITE_NAME: z.string().min(1).default("Snart lediga"),
  // Required in production (below); elsewhere http://localhost:PORT.
  SITE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  CONTACT_EMAIL: z.string().email().default("kontakt@snartlediga.se"),
  SALES_EMAIL: z.string().email().default("salj@snartlediga.se"),
  MAIL_FROM: z.string().min(3).default("Snart lediga <noreply@snartlediga.se>"),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  SMTP_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  AUTH_SECRET: z.string().min(16).optional(),
  DAS_SE_URL: z.string().url().default("http://free.iis.se/free"),
  // Unverified: DOMAIN.md says the .nu service is most likely free.iis.nu.
  DAS_NU_URL: z.string().url().default("http://free.iis.nu/free"),
  DAS_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(20),
  AVAILABILITY_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(1000),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  IMPORT_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // Comma-separated hosts the import fetch may reach even if private (tests use 127.0.0.1).
  FETCH_ALLOW_HOSTS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  // A CLI client idle in a transaction on the embedded database's socket holds up the site; it is cut off after this.
  SOCKET_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  // The registry's zone (app/server/zone/): the server its transfers come from, which TLDs are read
  // (the demo data writes its own zone, so none by default while SEED_DEMO is on) and how often.
  ZONE_SERVER: z
    .string()
    .default(DEFAULT_ZONE_SERVER)
    .transform((value) => value.trim())
    .refine((value) => parseZoneServer(value) !== undefined, {
      message: "must be a host name or address, optionally with :port (e.g. zonedata.iis.se or 127.0.0.1:5353)",
    }),
  ZONE_TLDS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, context) => {
        if (value === undefined) return undefined;
        const tlds = parseZoneTlds(value);
        if (!tlds)
          context.addIssue({ code: "custom", message: 'must be TLDs separated by commas, of "se" and "nu" (e.g. se,nu), or "none"' });
        return tlds ?? [];
      }),
  ),
  ZONE_SYNC_MINUTES: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 60)
    .default(360),
  JOBS_ENABLED: flag(true),
  // Behind a reverse proxy that appends X-Forwarded-For: take the client's address from it.
  TRUST_PROXY: flag(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/**
 * The site's public address goes into canonical links, the sitemap,
 * calendar addresses and the e-mail confirmation link: a production server
 * guessing http://localhost would send every new user a link that cannot
 * confirm their account. So production (NODE_ENV=production, which the
 * operator sets; `npm start` does not) refuses to start without it.
 */
const envSchema = settingsSchema
  .superRefine((env, context) => {
    if (env.SEED_DEMO && env.ZONE_TLDS !== undefined && env.ZONE_TLDS.length > 0) {
      context.addIssue({
        code: "custom",
        path: ["ZONE_TLDS"],
        message: "must be empty while SEED_DEMO is on: the demo data writes its own zone. Set SEED_DEMO=false to read the registry's zone",
      });
    }
    if (env.NODE_ENV === "production" && env.SITE_URL === undefined) {
      context.addIssue({
        code: "custom",
        path: ["SITE_URL"],
        message:
          "must be set in production to the site's public address, e.g. https://snartlediga.se (links in mails, canonical URLs and the sitemap use it)",
      });
    }
  })
  .transform((env) => ({
    ...env,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    ZONE_TLDS: env.ZONE_TLDS ?? (env.SEED_DEMO ? [] : [...DEFAULT_ZONE_TLDS]),
  }));

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}\nSee .env.example for every setting and its default.`);
  }
  return result.data;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change settings between cases; this forgets the parsed copy. */
export function resetEnvForTests() {
  cached = undefined;
}
