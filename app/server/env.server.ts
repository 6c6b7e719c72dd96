import { z } from "zod";

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
  IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024),
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
    if (env.NODE_ENV === "production" && env.SITE_URL === undefined) {
      context.addIssue({
        code: "custom",
        path: ["SITE_URL"],
        message: "must be set in production to the site's public address, e.g. https://snartlediga.se (links in mails, canonical URLs and the sitemap use it)",
      });
    }
  })
  .transform((env) => ({ ...env, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` }));

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
