import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

/** Debian's package; `.ci/run` installs it, so only a developer without it skips a browser suite. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Whether a browser suite is skipped: only where Chromium is missing outside CI (in CI a
 * missing browser fails the test instead). Says so on stderr: jest drops the console
 * output of a file whose tests are all skipped.
 */
export function chromiumMissing(suite: string): boolean {
  const missing = !existsSync(CHROMIUM) && !process.env.CI;
  if (missing)
    process.stderr.write(
      `\nChromium not installed (${CHROMIUM}): ${suite} is skipped. apt-get install chromium\n`,
    );
  return missing;
}

/**
 * Headless Chromium as this machine runs it: as root (no sandbox), with Chromium's own
 * background traffic off (this machine's closed network refuses it). `webgl`: ANGLE on
 * SwiftShader, Chromium's software renderer, instead of no GPU at all.
 */
export function launchChromium({ webgl = false }: { webgl?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      ...(webgl ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : ['--disable-gpu']),
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What a page asked the network for, and what went wrong on the way (failed requests, HTTP >= 400, page and console errors). */
export interface Traffic {
  requests: string[];
  failures: string[];
}

export function recordTraffic(
  context: BrowserContext,
  page: Page,
  onRequest: (request: Request) => void = () => undefined,
): Traffic {
  const traffic: Traffic = { requests: [], failures: [] };
  context.on('request', (request) => {
    traffic.requests.push(request.url());
    onRequest(request);
  });
  context.on('requestfailed', (request) =>
    traffic.failures.push(`${request.url()}: ${request.failure()?.errorText}`),
  );
  context.on('response', (response) => {
    if (response.status() >= 400) traffic.failures.push(`${response.url()}: HTTP ${response.status()}`);
  });
  page.on('pageerror', (error) => traffic.failures.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') traffic.failures.push(`console error: ${message.text()}`);
  });
  return traffic;
}
