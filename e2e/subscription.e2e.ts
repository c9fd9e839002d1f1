/**
 * The paid subscription in the browser, against the local Stripe
 * stand-in: Account says "Not subscribed", the runner picks Yearly and presses "Subscribe", pays on
 * the stand-in's hosted Checkout page, lands on /success which waits for Stripe's webhook, then
 * confirms and links back to an active Account with "Manage subscription". A second runner's open
 * Account page flips to Active without a reload when the webhook arrives. This file starts its own
 * server (serving the suite's built web app) with Stripe settings, so the suite's server stays one
 * that takes no payments and gates nothing.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { SUBSCRIPTION_MESSAGES, subscriptionRequiredMessage } from '../core/subscription.ts';
import { registerUser } from '../server/test-support/factories.ts';
import { newWebhookSecret, stripeConfigFor, subscriptionObject } from '../server/test-support/stripe.ts';
import { startTestServer, type TestServer } from '../server/test-support/test-server.ts';
import { startStripeStandIn, type StripeStandIn } from '../tools/service-stand-ins/stripe.ts';
import {
  DESKTOP_ONLY,
  expectVisible,
  screenshot,
  submitLoginForm,
  useBrowser,
  waitForPath,
} from './support/browser.ts';

const POLL = { timeout: 15_000 };

describe.each(DESKTOP_ONLY)('the subscription (%s)', (viewport) => {
  const browser = useBrowser();
  const secret = newWebhookSecret();
  let stripe: StripeStandIn;
  let server: TestServer;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret: secret });
    server = await startTestServer({ webDir: inject('webDir'), stripe: stripeConfigFor(stripe, secret) });
    stripe.webhookUrl = `${server.url}/api/stripe/webhook`;
  });

  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  test('Subscribe → Stripe Checkout → /success waits for the webhook → an active Account', async () => {
    const runner = await registerUser(server);
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await submitLoginForm(page, runner.credentials.email, runner.credentials.password);
    await waitForPath(page, '/dashboard');
    // The dashboard's readiness is one of the features sold here: it says so, with the way to subscribe.
    const readiness = page.getByTestId('readiness-card');
    await expectVisible(readiness.getByText(subscriptionRequiredMessage('readiness-insights')));
    await readiness.scrollIntoViewIfNeeded();
    await screenshot(page, `subscription-readiness-gated-${viewport}`);
    await readiness.getByRole('link', { name: 'Subscribe' }).click();
    await waitForPath(page, '/account');
    const card = page.locator('#subscription');
    await expectVisible(card.getByText(SUBSCRIPTION_MESSAGES.notSubscribed, { exact: true }));
    await expectVisible(
      card.getByText('A subscription unlocks: Training plan generation, Readiness insights.', { exact: true }),
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `subscription-account-not-subscribed-${viewport}`);

    await card.getByRole('radio', { name: 'Yearly' }).check();
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/c/pay/`), POLL);
    await expectVisible(page.getByText('Plan: yearly (price_yearly)'));
    // Stripe's webhooks arrive after the browser is back: held here until /success has been seen waiting.
    stripe.holdDeliveries = true;
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();

    await waitForPath(page, '/success');
    await expectVisible(page.getByText(SUBSCRIPTION_MESSAGES.successWaiting));
    await screenshot(page, `subscription-success-waiting-${viewport}`);
    stripe.releaseDeliveries();
    await expectVisible(page.getByText(SUBSCRIPTION_MESSAGES.successActive));
    await expectVisible(page.getByText(/^Yearly plan · Renews on /));
    await screenshot(page, `subscription-success-active-${viewport}`);

    await page.getByRole('link', { name: 'Back to Account' }).click();
    await waitForPath(page, '/account');
    await expectVisible(card.getByText(SUBSCRIPTION_MESSAGES.active, { exact: true }));
    await expectVisible(card.getByRole('button', { name: 'Manage subscription' }));
    await expect.poll(() => card.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `subscription-account-active-${viewport}`);

    await page.goto('/dashboard');
    await expectVisible(page.getByTestId('readiness-sentence'));
    await expect.poll(() => page.getByText(subscriptionRequiredMessage('readiness-insights')).count()).toBe(0);
    await page.goto('/account');
    await card.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/p/session/`), POLL);
    await expectVisible(page.getByText('Status: active'));

    // Cancelled at the period's end: still active, and it says when it ends instead of renewing.
    await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
    await waitForPath(page, '/account');
    await expectVisible(card.getByText(/^Yearly plan · Ends on /));
    await expectVisible(card.getByText(SUBSCRIPTION_MESSAGES.active, { exact: true }));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `subscription-account-ends-${viewport}`);
    // Cancelled now: it ended today, whatever the period's end.
    await card.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/p/session/`), POLL);
    await page.getByRole('button', { name: 'Cancel now' }).click();
    await waitForPath(page, '/account');
    await expectVisible(card.getByText('Yearly plan · Cancelled today'));
    await expectVisible(card.getByText(SUBSCRIPTION_MESSAGES.notSubscribed, { exact: true }));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `subscription-account-cancelled-${viewport}`);
  });

  test('an open Account page flips to Active when the webhook lands, without a reload', async () => {
    const runner = await registerUser(server);
    // The runner's first Checkout creates their Stripe customer; they never pay on this page.
    expect((await runner.client.post('/api/subscription/checkout', { plan: 'monthly' })).status).toBe(200);
    const customer = [...stripe.customers.values()].find((entry) => entry.metadata.userId === runner.id);
    const { page } = await browser.newPage(viewport, { baseUrl: server.url });
    await submitLoginForm(page, runner.credentials.email, runner.credentials.password);
    await waitForPath(page, '/dashboard');
    await page.goto('/account');
    const card = page.locator('#subscription');
    await expectVisible(card.getByText(SUBSCRIPTION_MESSAGES.notSubscribed, { exact: true }));
    const loaded = await page.evaluate(() => performance.timeOrigin);

    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const status = await stripe.sendEvent(
      'customer.subscription.created',
      subscriptionObject({ id: `sub_live_${viewport}`, customer: customer!.id, status: 'active', periodEnd }),
    );
    expect(status).toBe(200);

    await expectVisible(card.getByText(SUBSCRIPTION_MESSAGES.active, { exact: true }));
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loaded);
  });
});
