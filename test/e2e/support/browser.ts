// Debian's Chromium, driven by playwright-core (no browser is downloaded): each player gets a
// browser of their own on a fresh profile directory, so two players share no cookie or storage.

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PROJECT_ROOT } from '../../../src/config/config.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the tests save their screenshots; the README shows two of them. */
export const SCREENSHOT_DIR = path.join(PROJECT_ROOT, 'docs', 'screenshots');

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Player {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** The phone the issue measured on: 375×812 CSS px, a touch screen. */
export const PHONE = { width: 375, height: 812 } as const;

export interface BrowserOptions {
  width?: number;
  height?: number;
  bypassCSP?: boolean;
  /** A phone: 375×812 with touch events (`page.tap`, `locator.tap`), as a person holds it. */
  phone?: boolean;
  /**
   * Whether the page asks to confirm each command (its default, on). Tests that play through the
   * page without testing that step pass false: the page's own setting, switched off before it loads.
   */
  confirm?: boolean;
}

export async function openBrowser(options: BrowserOptions = {}): Promise<Player> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH)`);
  // A fresh --user-data-dir per browser (Playwright passes it from this argument).
  const profile = mkdtempSync(path.join(os.tmpdir(), 'hs-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: options.phone ? { ...PHONE } : { width: options.width ?? 1280, height: options.height ?? 900 },
    hasTouch: options.phone ?? false,
    isMobile: options.phone ?? false,
    // Only the accessibility check needs it, to inject axe-core into pages whose policy allows no inline script.
    bypassCSP: options.bypassCSP ?? false,
  });
  // The key and value web/src/game/confirm-setting.ts reads; set before any page script runs.
  if (options.confirm === false) await context.addInitScript(() => localStorage.setItem('judge-dredd-pbw.confirm-commands', 'off'));
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves the page (the whole of it; `fullPage: false`, what the screen shows, as a phone's thumb sees it). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

let counter = 0;
/** Signs up through the page, and returns the handle. */
export async function signUp(page: Page, base: string, prefix: string): Promise<string> {
  const handle = `${prefix}${Date.now().toString(36)}${counter++}`;
  await page.goto(`${base}/signup`);
  await page.getByLabel('Handle').fill(handle);
  await page.getByLabel('Email').fill(`${handle}@example.com`);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'My games' }).waitFor();
  return handle;
}

/** The session token the page keeps, for arranging a position through the API. */
export async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('judge-dredd-pbw.session'));
  if (!raw) throw new Error('not signed in');
  return (JSON.parse(raw) as { token: string }).token;
}
