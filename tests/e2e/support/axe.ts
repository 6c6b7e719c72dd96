import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Every page an end-to-end test visits is checked for accessibility
 * violations: the WCAG 2.1 A/AA rules, and heading-order (a best practice,
 * not in those tags), so that no page skips a heading level.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string; disableRules?: string[] } = {}) {
  const rules = Object.fromEntries([
    ["heading-order", { enabled: true }],
    ...(options.disableRules ?? []).map((rule) => [rule, { enabled: false }]),
  ]);
  // options() first: withTags adds to it, where options() would replace the tags.
  let builder = new AxeBuilder({ page }).options({ rules }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
