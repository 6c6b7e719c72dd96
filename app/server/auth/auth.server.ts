import { betterAuth } from "better-auth";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/domain/credentials";
import type { Db } from "~/server/db/client.server";
import { account, session, user, verification } from "~/server/db/schema/index.server";
import { getEnv } from "~/server/env.server";
import { getDb } from "~/server/services.server";
import { logger } from "~/server/logger.server";
import { getSiteConfig } from "~/server/site-config.server";
import { enqueueEmail } from "~/server/email/enqueue-email.server";
import { requestEmailDelivery } from "~/server/email/request-email-delivery.server";
import { isListedAdminEmail, syncAdminRole } from "~/server/users/sync-admin-role.server";
import { getAuthSecret } from "./auth-secret.server";
import { limitAuthAttempts, rateLimitAfter } from "./auth-rate-limits.server";
import { refuseCommonNewPassword } from "./password-policy.server";
import { verificationEmail } from "./verification-email.server";
import { existingAccountEmail, passwordResetEmail, RESET_LINK_HOURS } from "./account-emails.server";
import { afterPasswordChange } from "./password-change-effects.server";

export type AuthOptions = {
  db: Db;
  secret: string;
  baseURL: string;
  production: boolean;
  /** ADMIN_EMAILS, lower case: these users get the admin role at sign-up and at every sign-in. */
  adminEmails?: readonly string[];
  /** Called when a new account needs its e-mail address confirmed. */
  sendVerificationEmail?: (data: { user: { email: string; name: string }; url: string }, db: Db) => Promise<void>;
  /** Called when someone signs up with an address that already has an account (in place of the confirmation mail). */
  sendExistingAccountNotice?: (data: { user: { email: string } }, db: Db) => Promise<void>;
  /** Called when an address with an account asks to reset its password; `token` goes in the link. */
  sendResetPassword?: (data: { user: { email: string }; token: string }, db: Db) => Promise<void>;
  /** Called after a password was set with a reset link (the link is spent and the sessions are gone). */
  onPasswordReset?: (user: { id: string; email: string }, db: Db) => Promise<void>;
};

/** better-auth on our database: e-mail + password, sessions stored in the database, roles via the admin plugin. */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    database: drizzleAdapter(options.db, { provider: "pg", schema: { user, session, account, verification } }),
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: "/api/auth",
    // Endpoints no page of ours uses: a signed-in user must not set a free-text name or
    // picture (shown in the backoffice) or change the confirmed address behind our back.
    disabledPaths: ["/update-user", "/change-email"],
    emailAndPassword: {
      enabled: true,
      // New passwords (sign-up, reset, change); signing in takes the 6- and 7-character ones made before.
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // docs/decisions/0003-email-confirmation.md: no sign-in before the address is confirmed.
      // This also makes sign-up answer the same for a taken address (no account enumeration).
      requireEmailVerification: true,
      // Sign-up does the same steps for a taken address as for a new one (decision
      // 0064-sign-up-same-steps): better-auth hashes the password either way, and the owner
      // of a taken address is mailed a notice where a new address gets its confirmation link.
      // Hashing through better-auth/crypto's own functions (its defaults) lets a test count it.
      password: { hash: hashPassword, verify: verifyPassword },
      onExistingUserSignUp: async ({ user }) => {
        await options.sendExistingAccountNotice?.({ user }, options.db);
      },
      // "Glömt lösenordet?": our /auth/forgot-password and /auth/reset-password pages call these
      // server-side; the mailed link goes to our page with the token, not to /api/auth.
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 60 * 60,
      // A reset ends every session of the account: whoever knew the old password is signed out.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // A suspended account gets no reset link (signing in is refused anyway): the link better-auth
        // just stored is dropped unsent, and the form answers as it does for every address.
        if ((user as { banned?: boolean | null }).banned) {
          await options.db.delete(verification).where(eq(verification.identifier, `reset-password:${token}`));
          return;
        }
        await options.sendResetPassword?.({ user, token }, options.db);
      },
      onPasswordReset: async ({ user }) => {
        await options.onPasswordReset?.(user, options.db);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A new link is sent only when asked for (the resend form), not on every refused sign-in.
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async (data) => {
        await options.sendVerificationEmail?.({ user: data.user, url: data.url }, options.db);
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      // better-auth turns its own origin check off when NODE_ENV=test; keep it on so tests see what production does.
      disableOriginCheck: false,
      useSecureCookies: options.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: options.production },
      // Recorded on sessions; x-client-ip is the address our server saw (see security/client-ip.server.ts).
      ipAddress: { ipAddressHeaders: ["x-client-ip", "x-forwarded-for"] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (newUser) => {
            // We never ask for a name or picture: whatever a direct API call sends is not stored.
            const data = { ...newUser, name: newUser.email.split("@")[0].slice(0, 64), image: null };
            return { data: isListedAdminEmail(newUser.email, options.adminEmails ?? []) ? { ...data, role: "admin" } : data };
          },
        },
      },
      session: {
        create: {
          // Every sign-in (and the sign-in after confirming the address) re-reads ADMIN_EMAILS.
          before: async (newSession) => {
            await syncAdminRole(options.db, newSession.userId, options.adminEmails ?? []);
          },
        },
      },
    },
    // Our own limits (auth-rate-limits.server.ts) cover sign-in, sign-up and resending for
    // page forms and /api/auth/* alike. better-auth's built-in limiter is off: without a
    // trusted client IP it puts every visitor in one shared bucket (3 sign-ins per 10 s for all).
    rateLimit: { enabled: false },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await limitAuthAttempts(ctx);
        refuseCommonNewPassword(ctx);
        // A changed password ends every other session of the account, however the endpoint is called.
        if (ctx.path === "/change-password") return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }),
      after: rateLimitAfter,
    },
    // better-auth's own messages ("Invalid password" ...) go to our structured log.
    logger: {
      log: (level, message, ...args) => logger[level]({ auth: args.length > 0 ? args : undefined }, message),
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
      adminEmails: env.ADMIN_EMAILS,
      sendVerificationEmail: async ({ user, url }, db) => {
        await enqueueEmail(db, verificationEmail({ to: user.email, url }, getSiteConfig()));
        // The person is waiting for this mail: send now rather than at the next scheduled run.
        await requestEmailDelivery();
      },
      sendExistingAccountNotice: async ({ user }, db) => {
        // The same two steps as the confirmation mail above, so both sign-up paths do the same work.
        await enqueueEmail(db, existingAccountEmail({ to: user.email }, getSiteConfig()));
        await requestEmailDelivery();
      },
      sendResetPassword: async ({ user, token }, db) => {
        const url = `${getSiteConfig().siteUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueEmail(db, passwordResetEmail({ to: user.email, url }, getSiteConfig()));
        await requestEmailDelivery();
      },
      onPasswordReset: (user, db) => afterPasswordChange(db, user, { via: "reset" }),
    });
  })();
  return state.__snartAuth;
}
