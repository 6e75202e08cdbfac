/**
 * DESIGN.md deviation 10, the other side: a configured language model that fails keeps the spec's 'AI
 * Analysis Temporarily Unavailable' notice and its sample analysis ('Demo Analysis Results', 'Demo Mode').
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, allowConsoleErrors, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let model: Server;
let server: RunningServer;
const h = useBrowser(() => server.baseUrl);

beforeAll(async () => {
  // A model endpoint that fails every request, as an overloaded provider does.
  model = createServer((_request, response) => {
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const { port } = model.address() as AddressInfo;
  server = await startServer({
    env: { OPENAI_API_KEY: 'sk-e2e-not-a-real-key', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` },
  });
});
afterAll(async () => {
  await server?.stop();
  await server?.discard();
  await new Promise((resolve) => model?.close(resolve));
});

describe('a configured model that fails (1440 px)', () => {
  it('shows the notice, no "Ready when you are", and the sample analysis on request', async () => {
    const page = await h.newPage({ viewport: DESKTOP });
    allowConsoleErrors(page, /status of 503/);
    await page.goto('/app');
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('loadSamplePortfolio', { detail: { VTI: 10, BND: 5 } })),
    );
    await page.getByText('Ready when you are', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Analyze Portfolio' }).click();
    await page.getByText('AI Analysis Temporarily Unavailable', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await page.getByText('Ready when you are', { exact: true }).count()).toBe(0);
    await page.getByText('The analysis could not be written: see the notice above.').waitFor();

    await page.getByRole('button', { name: 'Try Sample Analysis' }).click();
    await page.getByRole('heading', { name: 'Demo Analysis Results' }).waitFor({ timeout: 30_000 });
    await page.getByText('Demo Mode', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'AI Portfolio Insights' }).waitFor();
  });
});
