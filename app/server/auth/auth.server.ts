import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import type { Db } from "../db/client.server";
import { account, session, user, verification } from "../db/schema/index.server";
import { getEnv } from "../env.server";
import { getDb } from "../services.server";
import { getAuthSecret } from "./auth-secret.server";

export type AuthOptions = {
  db: Db;
  secret: string;
  baseURL: string;
  production: boolean;
  /** Called when a new account needs its e-mail address confirmed. */
  sendVerificationEmail?: (data: { user: { email: string; name: string }; url: string }, db: Db) => Promise<void>;
};

/** better-auth on our database: e-mail + password, sessions stored in the database, roles via the admin plugin. */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    database: drizzleAdapter(options.db, { provider: "pg", schema: { user, session, account, verification } }),
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: "/api/auth",
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async (data) => {
        await options.sendVerificationEmail?.({ user: data.user, url: data.url }, options.db);
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: options.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: options.production },
    },
    plugins: [admin()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const state = globalThis as typeof globalThis & { __snartAuth?: Promise<Auth> };

/** Tests point the app at another database; the next call builds auth on it. */
export function resetAuthForTests() {
  state.__snartAuth = undefined;
}

/** The app's auth instance, on the app's database. */
export function getAuth(): Promise<Auth> {
  state.__snartAuth ??= (async () => {
    const env = getEnv();
    return createAuth({
      db: await getDb(),
      secret: await getAuthSecret(),
      baseURL: env.SITE_URL,
      production: env.NODE_ENV === "production" && env.SITE_URL.startsWith("https://"),
    });
  })();
  return state.__snartAuth;
}
