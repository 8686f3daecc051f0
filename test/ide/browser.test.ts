import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { EXAMPLE_LOCCODE } from '../../src/server/ide/example-query';
import { startTestStack, type TestStack } from '../support/gateway';

/** Debian's package; `.ci/run` installs it, so only a developer without it skips this suite. */
const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOT = join(__dirname, '..', '..', 'test-artifacts', 'ide.png');

// CI installs Chromium first (.ci/run): there a missing browser fails the test instead of skipping it.
const skipped = !existsSync(CHROMIUM) && !process.env.CI;
// Straight to stderr: jest drops the console output of a file whose tests are all skipped.
if (skipped)
  process.stderr.write(
    `\nChromium not installed (${CHROMIUM}): the IDE browser test is skipped. apt-get install chromium\n`,
  );

/** What the page asked the network for, and what went wrong on the way. */
interface Traffic {
  requests: string[];
  failures: string[];
}

function record(context: BrowserContext, page: Page): Traffic {
  const traffic: Traffic = { requests: [], failures: [] };
  context.on('request', (request) => traffic.requests.push(request.url()));
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

(skipped ? describe.skip : describe)(
  skipped ? 'Chromium not installed: browser test skipped' : 'the GraphQL IDE in headless Chromium',
  () => {
    let stack: TestStack;
    let browser: Browser;

    beforeAll(async () => {
      stack = await startTestStack();
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        // --no-sandbox: CI runs as root; the rest keeps Chromium's own background traffic off.
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await stack?.close();
    });

    it('loads from this server alone, runs the example query and shows its data, history and docs', async () => {
      const expected = await stack.query(`{ loccode(code: "${EXAMPLE_LOCCODE}") { climate { city } } }`);
      const city: string = expected.data.loccode.climate.city;
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const traffic = record(context, page);

      await page.goto(stack.app.url);
      await page.locator('.graphiql-query-editor').filter({ hasText: 'LoccodeOverview' }).waitFor();
      await page.locator('.graphiql-execute-button').click();
      const result = page.locator('.result-window');
      await result.filter({ hasText: `"city": "${city}"` }).waitFor();
      await page.getByRole('button', { name: 'Show History' }).click();
      await page.locator('.graphiql-history').filter({ hasText: 'LoccodeOverview' }).waitFor();
      await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
      await page.locator('.graphiql-doc-explorer').filter({ hasText: 'Loccode' }).waitFor();
      mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      const shown = await result.textContent();
      await context.close();

      const origin = new URL(stack.app.url).origin;
      expect(traffic.failures).toEqual([]);
      expect(
        traffic.requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:')),
      ).toEqual([]);
      // Every file the page needs came over the network from this server.
      expect(traffic.requests.filter((url) => url.startsWith(`${origin}/graphql/ide/`))).toHaveLength(5);
      expect(shown).toContain('"airTemperatureCelsius"');
    }, 60_000);
  },
);
