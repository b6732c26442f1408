import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium; override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches headless Chromium. A missing browser is a failure, never a reason to skip. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium was not found at ${chromiumPath}. The browser tests need it: install it with ` +
        '`apt-get install -y chromium` (or set CHROMIUM_PATH). They fail rather than skip without it.',
    );
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
}
