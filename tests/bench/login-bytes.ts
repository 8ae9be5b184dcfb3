// What a browser downloads for the login page on a first visit: every response of one load of /user/login
// in a fresh Chromium context (a cold cache), served by the production server (the e2e harness), counted
// by the Content-Length the server sent (the compressed size where the file was sent compressed) and by
// what Chromium received on the wire (headers included). Chromium asks for `gzip, deflate, br, zstd`.
import type { Browser } from 'playwright-core';
import { launchBrowser, startPortal } from '../src/e2e/harness.ts';

export async function loginPageBytes(browser: Browser, url: string) {
  const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    let wireBytes = 0;
    session.on('Network.loadingFinished', (event) => {
      wireBytes += event.encodedDataLength;
    });
    const responses: Array<{ url: string; encoding: string; contentLength: number }> = [];
    page.on('response', (response) => {
      const headers = response.headers();
      responses.push({
        url: response.url(),
        encoding: headers['content-encoding'] ?? 'identity',
        contentLength: Number(headers['content-length'] ?? Number.NaN),
      });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return { responses, wireBytes };
  } finally {
    await context.close();
  }
}

export async function benchLoginBytes(): Promise<Record<string, number | string>> {
  const portal = await startPortal();
  const browser = await launchBrowser();
  try {
    const { responses, wireBytes } = await loginPageBytes(browser, `${portal.baseUrl}/user/login`);
    const sum = (list: typeof responses) =>
      list.reduce((total, { contentLength }) => total + contentLength, 0);
    const compressed = responses.filter(({ encoding }) => encoding !== 'identity');
    return {
      'login page requests': responses.length,
      'of them compressed (br or gzip)': compressed.length,
      'login page bytes (sum of Content-Length, KB)': Number((sum(responses) / 1024).toFixed(1)),
      'login page bytes on the wire (Chromium, KB)': Number((wireBytes / 1024).toFixed(1)),
    };
  } finally {
    await browser.close();
    await portal.stop();
  }
}
