import { expect, test } from '@playwright/test';

test.describe('service worker', () => {
  test("the customer's precache holds the app but not the teller-only QR scanner", async ({ request }) => {
    const worker = await request.get('/service-worker.js');
    expect(worker.status()).toBe(200);
    const text = await worker.text();
    expect(text).toContain('index.html');
    // The home screen's modules are one chunk (vite.config.ts homeChunk), precached for the offline home.
    expect(text).toMatch(/"assets\/home-[\w-]+\.js"/);
    expect(text).not.toContain('qr-scanner-worker');
    expect(text).not.toContain('QrScannerView');
  });
});
