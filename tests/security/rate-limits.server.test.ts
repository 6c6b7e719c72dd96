// Each limited form, hit from one address until it is limited: the answer at
// the limit is a 429 with a Swedish message saying when to try again, other
// addresses are not affected, and a forged X-Forwarded-For does not buy new
// attempts (the server sets x-client-ip from the socket; see server/app.ts).
// Then the attacks of the outside probe's findings 6 and 7: locking a known
// account out, locking out everyone behind one address, and new buckets from
// new IPv6 addresses or the IPv4-mapped form of an address.
import { describe, expect, it } from "vitest";
import { action as enquiryAction } from "~/routes/api/enquiry";
import { action as contactAction } from "~/routes/public/contact";
import { action as authAction } from "~/routes/public/auth";
import { AUTH_LIMITS, signInWaitSeconds } from "~/server/auth/auth-rate-limits.server";
import { MESSAGE_RATE_LIMIT } from "~/server/http/message-form-action.server";
import { rateLimiter } from "~/server/rate-limit.server";
import { callRoute, type RouteOutcome } from "./support/call-route";
import { describeWithSecurityWorld, postRequest } from "./support/security-world";
import { SEED } from "./route-access";

type LimitedForm = {
  label: string;
  limit: number;
  message: string;
  send(ip: string, attempt: number): Promise<RouteOutcome>;
};

/** The Swedish text the page shows, wherever the action put it. */
function shownMessage(outcome: RouteOutcome): string {
  const body = outcome.body as { formError?: string; failure?: { message?: string } } | undefined;
  return body?.formError ?? body?.failure?.message ?? "";
}

function post(action: (args: never) => unknown, path: string, form: Record<string, string>, ip: string) {
  // The forged X-Forwarded-For changes every time; x-client-ip (set by our server) does not.
  const headers = { "x-client-ip": ip, "x-forwarded-for": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  return callRoute(action, postRequest(path, { form }, { headers }));
}

const signIn = (email: string, password: string, ip: string) =>
  post(authAction as never, "/auth", { intent: "login", email, password }, ip);
const sendContact = (ip: string) =>
  post(contactAction as never, "/contact", { name: "Bertil", email: "bertil@example.se", subject: "Fråga", message: "Hej!" }, ip);
const WRONG = "fel-lösen-1";
/** A signed-in answer from the /auth action: a redirect with the session cookie. */
const signedIn = (outcome: RouteOutcome) =>
  [302, 303].includes(outcome.status) && /better-auth\.session_token=/.test(outcome.headers.get("set-cookie") ?? "");

const FORMS: LimitedForm[] = [
  {
    label: "sign-in (failed attempts, any account)",
    limit: AUTH_LIMITS.signInFailuresPerIp.points,
    message: "För många inloggningsförsök. Försök igen om 15 minuter.",
    send: (ip, attempt) => signIn(`nobody${attempt}@example.se`, WRONG, ip),
  },
  {
    label: "sign-up",
    limit: AUTH_LIMITS.signUpPerIp.points,
    message: "För många registreringsförsök. Försök igen om 15 minuter.",
    send: (ip, attempt) =>
      post(
        authAction as never,
        "/auth",
        { intent: "register", email: `ny${attempt}-${ip}@example.se`, password: "hemlig-fras-8", confirmPassword: "hemlig-fras-8" },
        ip,
      ),
  },
  {
    label: "premium enquiry",
    limit: MESSAGE_RATE_LIMIT.points,
    message: "För många meddelanden. Försök igen om 10 minuter.",
    send: (ip) =>
      post(
        enquiryAction as never,
        "/api/enquiry",
        { domain: SEED.premium, name: "Anna", email: "anna@example.se", phone: "", message: "Hej! Vad kostar domänen?" },
        ip,
      ),
  },
  {
    label: "contact",
    limit: MESSAGE_RATE_LIMIT.points,
    message: "För många meddelanden. Försök igen om 10 minuter.",
    send: (ip) => sendContact(ip),
  },
];

describeWithSecurityWorld("rate limits", (world) => {
  for (const form of FORMS) {
    it(`${form.label}: ${form.limit} per address, then 429 with "${form.message}"`, async () => {
      for (let attempt = 1; attempt <= form.limit; attempt++) {
        const outcome = await form.send("203.0.113.50", attempt);
        expect(outcome.status, `attempt ${attempt}: ${JSON.stringify(outcome.body)}`).not.toBe(429);
      }
      const limited = await form.send("203.0.113.50", form.limit + 1);
      expect(limited.status).toBe(429);
      expect(shownMessage(limited)).toBe(form.message);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another visitor is not locked out by the first one.
      const other = await form.send("203.0.113.51", 1);
      expect(other.status).not.toBe(429);
      // Every failed sign-in hashes a password (scrypt, on purpose slow): 50 of them beside another test file's work take longer than the default 30 s.
    }, 120_000);
  }

  it("someone guessing a known account's password elsewhere does not lock its owner out", async () => {
    const { email, password } = world().user;
    for (let attempt = 1; attempt <= 30; attempt++) await signIn(email, WRONG, "198.51.100.66");
    // The guesser now waits; the owner, from their own address, signs in at once.
    expect((await signIn(email, WRONG, "198.51.100.66")).status).toBe(429);
    const owner = await signIn(email, password, "203.0.113.7");
    expect(signedIn(owner), JSON.stringify(owner.body)).toBe(true);
  });

  it("one person's failed sign-ins do not lock out the others behind the same address (office or mobile NAT)", async () => {
    const office = "192.0.2.10";
    for (let attempt = 1; attempt <= 15; attempt++) await signIn("kollega@example.se", WRONG, office);
    expect((await signIn("kollega@example.se", WRONG, office)).status).toBe(429);
    const colleague = await signIn(world().user.email, world().user.password, office);
    expect(signedIn(colleague), JSON.stringify(colleague.body)).toBe(true);
  });

  it("an account and address wait 1, then 2 minutes after failures, told in Swedish; a successful sign-in starts over", async () => {
    const { email, password } = world().user;
    const ip = "203.0.113.80";
    for (let attempt = 1; attempt <= 5; attempt++) {
      const failed = await signIn(email, WRONG, ip);
      expect(failed.status, `attempt ${attempt}`).toBe(401);
      expect(shownMessage(failed)).toBe("Fel e-postadress eller lösenord.");
    }
    const waiting = await signIn(email, password, ip);
    expect(waiting.status).toBe(429);
    expect(shownMessage(waiting)).toBe("För många inloggningsförsök. Försök igen om 1 minut.");
    expect(Number(waiting.headers.get("retry-after"))).toBeLessThanOrEqual(60);

    // The minute has passed (its wait taken away here); the next failure waits twice as long.
    await rateLimiter(AUTH_LIMITS.signInWait).delete(`${email}|${ip}`);
    expect((await signIn(email, WRONG, ip)).status).toBe(401);
    const longer = await signIn(email, password, ip);
    expect(shownMessage(longer)).toBe("För många inloggningsförsök. Försök igen om 2 minuter.");

    await rateLimiter(AUTH_LIMITS.signInWait).delete(`${email}|${ip}`);
    expect(signedIn(await signIn(email, password, ip))).toBe(true);
    for (let attempt = 1; attempt <= 5; attempt++) expect((await signIn(email, WRONG, ip)).status).toBe(401);
  });

  it("addresses in one IPv6 /64 share a bucket; the next /64 has its own", async () => {
    for (let host = 1; host <= MESSAGE_RATE_LIMIT.points; host++)
      expect((await sendContact(`2001:db8:1:2::${host.toString(16)}`)).status).not.toBe(429);
    expect((await sendContact("2001:db8:1:2:ffff:eeee:dddd:9")).status).toBe(429);
    expect((await sendContact("2001:db8:1:3::1")).status).not.toBe(429);

    const { email } = world().user;
    for (let host = 1; host <= 5; host++) expect((await signIn(email, WRONG, `2001:db8:5:6::${host}`)).status).toBe(401);
    expect((await signIn(email, WRONG, "2001:0db8:0005:0006:aaaa::1")).status).toBe(429);
  });

  it("an IPv4-mapped IPv6 address counts as its IPv4 address", async () => {
    for (let attempt = 1; attempt <= MESSAGE_RATE_LIMIT.points; attempt++) expect((await sendContact("203.0.113.77")).status).not.toBe(429);
    expect((await sendContact("::ffff:203.0.113.77")).status).toBe(429);
    expect((await sendContact("::ffff:cb00:714d")).status).toBe(429);
  });
});

describe("signInWaitSeconds", () => {
  it.each([
    [1, 0],
    [4, 0],
    [5, 60],
    [6, 120],
    [7, 240],
    [10, 1920],
    [11, 3600],
    [40, 3600],
  ])("after %s failures: %s s", (failures, seconds) => {
    expect(signInWaitSeconds(failures)).toBe(seconds);
  });
});
