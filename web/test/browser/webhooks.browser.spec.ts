import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { createModelViaApi, field, launchBrowser } from '../support/browser';
import { DESKTOP, expectNoHorizontalScroll, expectNoSeriousA11yViolations, PHONE, signUpOnce, SMALL_PHONE, withPageAt } from '../support/layout';

// Webhooks (issue 21, ADR 0067): subscribe an endpoint with the keyboard, see its signed deliveries in the log,
// redeliver one; 390 px; axe. The receiver listens on 127.0.0.2, the host the test stack allows (global-setup).
describe('Webhooks', () => {
  let browser: Browser;
  let state: Awaited<ReturnType<BrowserContext['storageState']>>;
  let receiver: Server;
  let url = '';
  let secret = '';
  const verified: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
          verified.push(String(req.headers['webhook-id']));
          res.writeHead(200).end('received');
        } catch {
          res.writeHead(400).end('bad signature');
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.2', resolve));
    url = `http://127.0.0.2:${(receiver.address() as AddressInfo).port}/kiln`;
    browser = await launchBrowser();
    ({ state } = await signUpOnce(browser, DESKTOP, 'webhooks'));
  });
  afterAll(async () => {
    await browser?.close();
    receiver?.close();
  });

  it('subscribes an endpoint, shows its signed deliveries, redelivers one, with the keyboard', async () => {
    await withPageAt(browser, DESKTOP, state, async (page) => {
      await page.goto('/settings/integrations/webhooks');
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      await page.getByText('No endpoints yet.').waitFor();
      await page.getByTestId('webhook-add').focus();
      await page.keyboard.press('Enter');
      await field(page, 'Endpoint address (https://…)').fill(url);
      await field(page, 'Filter event types').fill('workspace.model.created');
      const created = page.getByRole('checkbox', { name: /workspace\.model\.created\.v1/ });
      await created.focus();
      await page.keyboard.press('Space');
      expect(await created.isChecked()).toBe(true);
      await expectNoSeriousA11yViolations(page, 'webhooks, new endpoint');
      await page.getByTestId('webhook-create').focus();
      await page.keyboard.press('Enter');

      const shown = page.getByTestId('webhook-secret-shown');
      await shown.waitFor();
      secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
      await expectNoSeriousA11yViolations(page, 'webhooks, the secret');

      await createModelViaApi(page, 'Hooked gear');
      await shown.getByRole('link', { name: 'Open endpoint' }).click();
      await page.getByTestId('webhook-detail').waitFor();
      const delivery = page.getByTestId('webhook-delivery').first();
      await delivery.getByTestId('webhook-delivery-status').filter({ hasText: 'Delivered' }).waitFor({ timeout: 20_000 });
      expect(await delivery.getByTestId('webhook-attempt').count()).toBe(1);
      expect(await delivery.textContent()).toContain('received');
      expect(verified).toHaveLength(1);
      await expectNoSeriousA11yViolations(page, 'webhooks, delivery log');

      await delivery.getByTestId('webhook-redeliver').focus();
      await page.keyboard.press('Enter');
      await delivery.getByTestId('webhook-attempt').nth(1).waitFor({ timeout: 20_000 });
      expect(verified).toEqual([verified[0], verified[0]]);
    });
  });

  it('at 390 and 360 px: the endpoints, one and its log fit, axe clean', async () => {
    await withPageAt(browser, PHONE, state, async (page) => {
      await page.goto('/settings/integrations/webhooks');
      await page.getByTestId('webhook-list').getByRole('link').first().click();
      await page.getByTestId('webhook-delivery').first().waitFor();
      await expectNoHorizontalScroll(page, 'webhooks at 390 px');
      await expectNoSeriousA11yViolations(page, 'webhooks at 390 px');
      await page.setViewportSize(SMALL_PHONE);
      await expectNoHorizontalScroll(page, 'an endpoint and its log at 360 px');
      await page.goto('/settings/integrations/webhooks');
      await page.getByTestId('webhook-list').getByRole('link').first().waitFor();
      await expectNoHorizontalScroll(page, 'the endpoints at 360 px');
      await page.getByTestId('webhook-list').getByRole('link').first().click();
      await page.getByTestId('webhook-delivery').first().waitFor();
      await page.setViewportSize(PHONE);
      // Disable and enable again.
      await page.getByTestId('webhook-toggle').click();
      await page.getByTestId('webhook-state').filter({ hasText: 'Disabled' }).waitFor();
      await page.getByTestId('webhook-toggle').click();
      await page.getByTestId('webhook-state').filter({ hasText: 'Enabled' }).waitFor();
    });
  });
});
