import type { BrowserContext, Page } from 'playwright-core';
import { FIRST_LOAD_BUDGET_BYTES } from '../../../deploy/bench/first-load';
import { signUp, uniqueUser, usePagePerTest, waitForMyModels } from '../support/browser';

/**
 * The first-load budget as a browser sees it (docs/adr/0013, 0047): a new load of `/`, signed in, and every
 * script the page requests until the network is idle (the entry, its imports, and whatever the page loads
 * by itself once it runs: the socket, lazily loaded parts), counted in the bytes that came over the wire
 * (compressed, as the BFF sent them for the Accept-Encoding Chromium sent). deploy/bench/first-load.spec.ts
 * checks the build's own records (entry chunk and static imports, brotli); this one is what a user pays.
 */
interface Script {
  path: string;
  encoding: string;
  wireBytes: number;
}

/** Every script response from now on, with the Content-Length and Content-Encoding it came with. */
function recordScripts(page: Page): Promise<Script>[] {
  const scripts: Promise<Script>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.allHeaders().then((headers) => ({
        path: new URL(response.url()).pathname,
        encoding: headers['content-encoding'] ?? 'identity',
        wireBytes: Number(headers['content-length'] ?? -1),
      })),
    );
  });
  return scripts;
}

describe('the first load of /, signed in, as a browser sees it', () => {
  let context: BrowserContext;
  let page: Page;
  usePagePerTest((opened) => {
    ({ context, page } = opened);
  });

  it(`fetches at most ${FIRST_LOAD_BUDGET_BYTES} bytes of compressed JavaScript until the page is idle`, async () => {
    await signUp(page, uniqueUser('first-load'));
    const fresh = await context.newPage();
    const recorded = recordScripts(fresh);
    await fresh.goto('/', { waitUntil: 'networkidle' });
    await waitForMyModels(fresh);
    await fresh.waitForLoadState('networkidle');
    const scripts = await Promise.all(recorded);
    // The browser's own count of each body as it came (before decoding): the same bytes, by Resource Timing.
    const timing = await fresh.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
        .map((e) => ({ path: new URL(e.name).pathname, encodedBodySize: e.encodedBodySize })),
    );
    expect(Object.fromEntries(timing.map((t) => [t.path, t.encodedBodySize]))).toEqual(Object.fromEntries(scripts.map((s) => [s.path, s.wireBytes])));
    const total = scripts.reduce((sum, s) => sum + s.wireBytes, 0);
    const report = `${total} bytes:\n${scripts.map((s) => `  ${s.path} ${s.encoding} ${s.wireBytes}`).join('\n')}`;
    console.log(report);
    // Chromium lists br in Accept-Encoding here (the BFF sends the build's .br copy only to a client that
    // does), so every script came as brotli, each counted by the bytes sent.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.encoding !== 'br' || s.wireBytes <= 0)).toEqual([]);
    if (total > FIRST_LOAD_BUDGET_BYTES) throw new Error(`over budget: ${report}`);
  });
});
