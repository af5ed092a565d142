import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The Chromium the browser tests use, found without any set-up: CHROMIUM_PATH when set, else Debian's
 * `chromium`, else Playwright's own build (downloaded with `playwright install chromium` when missing and the
 * internet allows it). Says in one line what it used; throws one line saying what to do when there is none.
 */
const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function version(executable: string): string {
  const result = spawnSync(executable, ['--version'], { encoding: 'utf8', timeout: 15_000 });
  return result.status === 0 ? result.stdout.trim() : 'version unknown';
}

function playwrightBuild(): string | undefined {
  try {
    const executable = chromium.executablePath();
    return executable && fs.existsSync(executable) ? executable : undefined;
  } catch {
    return undefined;
  }
}

export function findBrowser(): string {
  // Resolved once by the main process; the workers it starts inherit the answer.
  if (process.env.FUNKIS_BROWSER) return process.env.FUNKIS_BROWSER;
  let executable: string | undefined;
  let source: string;
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    if (!fs.existsSync(given))
      throw new Error(`CHROMIUM_PATH=${given} does not exist: point it at a Chromium or unset it.`);
    executable = given;
    source = 'CHROMIUM_PATH';
  } else {
    executable = SYSTEM_BROWSERS.find((candidate) => fs.existsSync(candidate));
    source = 'system package';
    if (!executable) {
      executable = playwrightBuild();
      source = "Playwright's Chromium";
    }
    if (!executable) {
      console.log('browser: no Chromium found; trying `npx playwright install chromium`…');
      spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', timeout: 10 * 60_000 });
      executable = playwrightBuild();
      source = "Playwright's Chromium, just downloaded";
    }
  }
  if (!executable) {
    throw new Error(
      "No Chromium for the browser tests: install Debian's `chromium` (apt-get install chromium), set CHROMIUM_PATH, or let `npx playwright install chromium` download one.",
    );
  }
  console.log(`browser: ${executable} (${version(executable)}; ${source})`);
  process.env.FUNKIS_BROWSER = executable;
  return executable;
}
