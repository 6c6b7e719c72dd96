import { count } from "drizzle-orm";
import { expect, it } from "vitest";
import { CREDENTIAL_MESSAGES } from "~/domain/credentials";
import { getAuth } from "~/server/auth/auth.server";
import { user } from "~/server/db/schema/index.server";
import { siteRequest, TEST_SITE_URL, useAppAuthForTests } from "~tests/factories/users";
import { callRoute } from "~tests/security/support/call-route";
import { describeEachEngine } from "~tests/setup/test-db";
import { action as authAction } from "./auth";

describeEachEngine("common passwords at sign-up", ({ handle }) => {
  it("the form refuses one with the message on the field, and stores nothing", async () => {
    await useAppAuthForTests(handle());
    const form = { intent: "register", email: "anna@example.se", password: "Password1", confirmPassword: "Password1" };
    const refused = await callRoute(authAction as never, siteRequest("/auth", { form }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ intent: "register", fieldErrors: { password: CREDENTIAL_MESSAGES.passwordTooCommon } });
    expect((await handle().db.select({ n: count() }).from(user))[0].n).toBe(0);
  });

  it("better-auth itself refuses one, so a direct call to /api/auth cannot set it", async () => {
    await useAppAuthForTests(handle());
    const auth = await getAuth();
    const direct = await auth.handler(
      new Request(`${TEST_SITE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_SITE_URL },
        body: JSON.stringify({ email: "anna@example.se", password: "qwerty123", name: "anna" }),
      }),
    );
    expect(direct.status).toBe(400);
    expect(await direct.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON", message: CREDENTIAL_MESSAGES.passwordTooCommon });
    expect((await handle().db.select({ n: count() }).from(user))[0].n).toBe(0);
  });
});
