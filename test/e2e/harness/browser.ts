// Debian's Chromium, driven by playwright-core (which downloads no browser of its own).
import { Browser, chromium } from 'playwright-core';
import { chromiumPath } from './paths';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--lang=en-US',
];

export function launchBrowser(options: { headless?: boolean } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: options.headless ?? true, args: CHROMIUM_ARGS });
}
