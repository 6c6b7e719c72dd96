// The outside probe's low finding 3: sign-up answered new and taken addresses in measurably
// different times, so the clock told who is registered. A clock is too noisy to test on a shared
// machine; what makes the times alike is that both paths do the same steps, and that is what is
// checked here: one password hash, one mail queued, one delivery request, one count against the
// limits, and the same answer, for a new address and for a taken one.
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { action as authAction } from "~/routes/public/auth";
import { AUTH_LIMITS } from "~/server/auth/auth-rate-limits.server";
import { resetRateLimitsForTests } from "~/server/rate-limit.server";
import { emailOutbox } from "~/server/db/schema/index.server";
import { enqueueEmail } from "~/server/email/enqueue-email.server";
import { requestEmailDelivery } from "~/server/email/request-email-delivery.server";
import { createUser } from "~tests/factories/users";
import { callRoute, type RouteOutcome } from "./support/call-route";
import { describeWithSecurityWorld, postRequest } from "./support/security-world";

// Spies that keep the real functions: the steps are counted, not replaced.
vi.mock("better-auth/crypto", { spy: true });
vi.mock("~/server/email/enqueue-email.server", { spy: true });
vi.mock("~/server/email/request-email-delivery.server", { spy: true });

const PASSWORD = "en-lång-fras-8";
const register = (email: string) =>
  callRoute(
    authAction as never,
    postRequest(
      "/auth",
      { form: { intent: "register", email, password: PASSWORD, confirmPassword: PASSWORD } },
      { headers: { "x-client-ip": "203.0.113.50" } },
    ),
  );

/** What a sign-up did, step by step, and what it answered (cookies by name: a toast's text carries no secret). */
async function signUpSteps(email: string) {
  vi.mocked(hashPassword).mockClear();
  vi.mocked(enqueueEmail).mockClear();
  vi.mocked(requestEmailDelivery).mockClear();
  const outcome: RouteOutcome = await register(email);
  return {
    answer: {
      status: outcome.status,
      location: outcome.location,
      cookies: outcome.headers.getSetCookie().map((cookie) => cookie.split("=")[0]),
    },
    passwordHashes: vi.mocked(hashPassword).mock.calls.length,
    mailsQueued: vi.mocked(enqueueEmail).mock.calls.map((call) => call.slice(1).length),
    deliveryRequests: vi.mocked(requestEmailDelivery).mock.calls.length,
  };
}

describeWithSecurityWorld("sign-up does the same steps for a new and a taken address", (world) => {
  beforeEach(() => {
    vi.mocked(hashPassword).mockClear();
  });

  it("one hash, one mail, one delivery request and the same answer either way", async () => {
    const taken = await createUser(world().handle.db, { email: "upptagen@example.se" });
    const forNew = await signUpSteps("helt-ny@example.se");
    const forTaken = await signUpSteps(taken.email);
    expect(forNew).toEqual({
      answer: { status: 302, location: "/auth?registered=1", cookies: ["snart_toast"] },
      passwordHashes: 1,
      mailsQueued: [1],
      deliveryRequests: 1,
    });
    expect(forTaken).toEqual(forNew);
  });

  it("the new address is mailed its confirmation link, the taken one's owner a notice, nothing else", async () => {
    const taken = await createUser(world().handle.db, { email: "agare@example.se" });
    await register("nykomling@example.se");
    await register(taken.email);
    const kinds = async (email: string) =>
      (await world().handle.db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map(
        (row) => row.kind,
      );
    expect(await kinds("nykomling@example.se")).toEqual(["verify-email"]);
    expect(await kinds(taken.email)).toEqual(["existing-account"]);
  });

  it("sign-ups with one address are limited whether or not it has an account, so the limit tells nothing either", async () => {
    const taken = await createUser(world().handle.db, { email: "flitig@example.se" });
    // The factory signs the account up through better-auth too, which counted it.
    await resetRateLimitsForTests();
    for (const email of ["aldrig-sedd@example.se", taken.email]) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= AUTH_LIMITS.signUpPerAccount.points; attempt++) {
        const outcome = await callRoute(
          authAction as never,
          postRequest(
            "/auth",
            { form: { intent: "register", email, password: PASSWORD, confirmPassword: PASSWORD } },
            { headers: { "x-client-ip": `198.51.100.${attempt + 1}` } },
          ),
        );
        statuses.push(outcome.status);
      }
      expect(statuses, email).toEqual([...Array.from({ length: AUTH_LIMITS.signUpPerAccount.points }, () => 302), 429]);
    }
  });
});
