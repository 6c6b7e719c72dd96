// Each limited form, hit from one address until it is limited: the answer at
// the limit is a 429 with a clear Swedish message, other addresses are not
// affected, and a forged X-Forwarded-For does not buy new attempts (the
// server sets x-client-ip from the socket; see server/app.ts).
import { expect, it } from "vitest";
import { action as enquiryAction } from "~/routes/api/enquiry";
import { action as contactAction } from "~/routes/public/contact";
import { action as authAction } from "~/routes/public/auth";
import { AUTH_LIMITS, RATE_LIMIT_MESSAGES } from "~/server/auth/auth-rate-limits.server";
import { MESSAGE_RATE_LIMIT, RATE_LIMITED_MESSAGE } from "~/server/http/message-form-action.server";
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

const FORMS: LimitedForm[] = [
  {
    label: "sign-in (failed attempts)",
    limit: AUTH_LIMITS.signInPerIp,
    message: RATE_LIMIT_MESSAGES.signIn,
    send: (ip, attempt) => post(authAction as never, "/auth", { intent: "login", email: `nobody${attempt}@example.se`, password: "fel-lösen-1" }, ip),
  },
  {
    label: "sign-up",
    limit: AUTH_LIMITS.signUpPerIp,
    message: RATE_LIMIT_MESSAGES.signUp,
    send: (ip, attempt) =>
      post(authAction as never, "/auth", { intent: "register", email: `ny${attempt}-${ip}@example.se`, password: "hemligt1", confirmPassword: "hemligt1" }, ip),
  },
  {
    label: "premium enquiry",
    limit: MESSAGE_RATE_LIMIT.limit,
    message: RATE_LIMITED_MESSAGE,
    send: (ip) => post(enquiryAction as never, "/api/enquiry", { domain: SEED.premium, name: "Anna", email: "anna@example.se", phone: "", message: "Hej! Vad kostar domänen?" }, ip),
  },
  {
    label: "contact",
    limit: MESSAGE_RATE_LIMIT.limit,
    message: RATE_LIMITED_MESSAGE,
    send: (ip) => post(contactAction as never, "/contact", { name: "Bertil", email: "bertil@example.se", subject: "Fråga", message: "Hej!" }, ip),
  },
];

describeWithSecurityWorld("rate limits", () => {
  for (const form of FORMS) {
    it(`${form.label}: ${form.limit} per address, then 429 with "${form.message}"`, async () => {
      for (let attempt = 1; attempt <= form.limit; attempt++) {
        const outcome = await form.send("203.0.113.50", attempt);
        expect(outcome.status, `attempt ${attempt}: ${JSON.stringify(outcome.body)}`).not.toBe(429);
      }
      const limited = await form.send("203.0.113.50", form.limit + 1);
      expect(limited.status).toBe(429);
      expect(shownMessage(limited)).toBe(form.message);
      expect(form.message).toMatch(/^För många .+ Försök igen om en stund\.$/);
      // Another visitor is not locked out by the first one.
      const other = await form.send("203.0.113.51", 1);
      expect(other.status).not.toBe(429);
    });
  }

  it("sign-in is also limited per account, whatever address the attempts come from", async () => {
    for (let attempt = 1; attempt <= AUTH_LIMITS.signInPerAccount; attempt++) {
      const outcome = await post(authAction as never, "/auth", { intent: "login", email: "target@example.se", password: "fel-lösen-1" }, `198.51.100.${attempt}`);
      expect(outcome.status).not.toBe(429);
    }
    const limited = await post(authAction as never, "/auth", { intent: "login", email: "target@example.se", password: "fel-lösen-1" }, "198.51.100.200");
    expect(limited.status).toBe(429);
    expect(shownMessage(limited)).toBe(RATE_LIMIT_MESSAGES.signIn);
  });
});
