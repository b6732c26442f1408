import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts that fail a scan; minor and moderate findings are reported by axe but tolerated. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * WCAG rules axe-core still calls experimental, so it skips them unless asked. Among them is
 * label-content-name-mismatch (WCAG 2.5.3: a control's accessible name contains its visible text),
 * which a voice-control user depends on and which this shop once failed on checkout and admin orders.
 */
const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'p-as-heading',
  'css-orientation-lock',
  'table-fake-caption',
  'td-has-header',
];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA, their experimental rules, and best practices) on the page
 * as it is now and returns
 * every serious or critical violation, one entry per rule with all the elements it hit.
 */
export async function seriousViolations(page: Page, exclude: readonly string[] = []): Promise<AxeFinding[]> {
  // Legacy mode runs axe in the page itself; the default opens an extra page per scan, three times slower.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])) });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' >> ')),
    }));
}

/** Formats findings as one readable block: rule, impact, what it means and every element it hit. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.rule} (${finding.impact}): ${finding.help}\n${finding.targets.map((target) => `    - ${target}`).join('\n')}`,
    )
    .join('\n');
}

/**
 * Scans the page and throws, listing every serious or critical violation (rule, impact, targets),
 * when there is any. `label` names the page in the failure message.
 */
export async function expectNoSeriousViolations(
  page: Page,
  label: string,
  exclude: readonly string[] = [],
): Promise<void> {
  const findings = await seriousViolations(page, exclude);
  if (findings.length > 0) {
    throw new Error(
      `${label}: ${findings.length} serious or critical accessibility violation(s)\n${describeFindings(findings)}`,
    );
  }
}
