// The session cookie: HttpOnly and SameSite=Lax always, Secure (with the
// __Secure- prefix) for a production site on https.
import { expect, it } from "vitest";
import { createAuth } from "~/server/auth/auth.server";
import { createUser, TEST_AUTH_SECRET } from "~tests/factories/users";
import { describeEachEngine } from "~tests/setup/test-db";

function cookieAttributes(setCookie: string) {
  const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
  return { name: pair.split("=")[0], attributes: attributes.map((attribute) => attribute.toLowerCase()) };
}

describeEachEngine("session cookie", ({ handle }) => {
  it.each([
    ["https://snartlediga.se", true],
    ["http://localhost:3000", false],
  ])("%s (production: %s)", async (baseURL, production) => {
    // One address per case: sign-up allows three attempts per address in 15 minutes, and both engines sign up.
    const user = await createUser(handle().db, { email: `cookie-${production ? "https" : "http"}@example.se` });
    const auth = createAuth({ db: handle().db, secret: TEST_AUTH_SECRET, baseURL, production });
    const { headers } = await auth.api.signInEmail({ body: { email: user.email, password: user.password }, returnHeaders: true });
    const cookies = headers.getSetCookie().map(cookieAttributes);
    const session = cookies.find((cookie) => cookie.name.endsWith("better-auth.session_token"));
    expect(session, JSON.stringify(cookies)).toBeDefined();
    for (const cookie of cookies) {
      expect(cookie.attributes).toContain("httponly");
      expect(cookie.attributes).toContain("samesite=lax");
      expect(cookie.attributes.includes("secure")).toBe(production);
      expect(cookie.name.startsWith("__Secure-")).toBe(production);
    }
  });
});
