import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { EXAMPLE_LOCCODE } from '../../src/server/ide/example-query';
import { chromiumMissing, launchChromium, recordTraffic } from '../support/chromium';
import { startTestStack, type TestStack } from '../support/gateway';

const SCREENSHOT = join(__dirname, '..', '..', 'test-artifacts', 'ide.png');
const skipped = chromiumMissing('the IDE browser test');

(skipped ? describe.skip : describe)(
  skipped ? 'Chromium not installed: browser test skipped' : 'the GraphQL IDE in headless Chromium',
  () => {
    let stack: TestStack;
    let browser: Browser;

    beforeAll(async () => {
      stack = await startTestStack();
      browser = await launchChromium();
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
      const traffic = recordTraffic(context, page);

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
