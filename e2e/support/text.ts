import type { Locator } from 'playwright-core';

/** The locator's text with its whitespace collapsed, as a reader sees it. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Polls until the locator's text matches; playwright-core has no auto-retrying expect. */
export async function waitForText(locator: Locator, pattern: RegExp, timeout = 10_000): Promise<string> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = await textOf(locator).catch(() => '');
    if (pattern.test(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected text matching ${pattern}, last saw: "${last}"`);
}
