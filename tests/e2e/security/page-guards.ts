import { expect, type Page } from "@playwright/test";

/**
 * Watches a page for what hostile content or a broken policy would cause: a
 * dialog (alert/confirm from an injected script), a Content-Security-Policy
 * violation (an inline script or handler the browser blocked), a console
 * error or an uncaught exception. `expectClean()` fails on any of them.
 */
export async function guardPage(page: Page) {
  const dialogs: string[] = [];
  const consoleErrors: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // A page that answers 400/404 on purpose makes the browser log its own status; that is not a fault.
    if (message.text().startsWith("Failed to load resource") && message.location().url === page.url()) return;
    consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return {
    dialogs,
    consoleErrors,
    async violations() {
      return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    },
    /** No dialog, no injected element or handler in the DOM, no CSP violation, no console error. */
    async expectClean(context: string) {
      const injected = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter(
            (element) =>
              (element.tagName === "IMG" && element.getAttribute("src") === "x") ||
              (element.tagName === "svg" && element.hasAttribute("onload")) ||
              [...element.attributes].some((attribute) => /^on/i.test(attribute.name)) ||
              // React Router's own scripts carry loader data (payloads included) as escaped JSON strings: not an injection.
              (element.tagName === "SCRIPT" && /alert\(/.test(element.textContent ?? "") && !/window\.__reactRouter/.test(element.textContent ?? "")) ||
              (element.tagName === "A" && /^\s*javascript:/i.test(element.getAttribute("href") ?? "")),
          )
          .map((element) => element.outerHTML.slice(0, 120)),
      );
      expect(injected, `injected markup on ${context}`).toEqual([]);
      expect(dialogs, `dialogs on ${context}`).toEqual([]);
      expect(await this.violations(), `CSP violations on ${context}`).toEqual([]);
      expect(consoleErrors, `console errors on ${context}`).toEqual([]);
    },
  };
}
