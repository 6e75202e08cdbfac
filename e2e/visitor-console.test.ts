import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const h = useBrowser();

/** Everything a visitor would see in red in DevTools: console errors, failed requests, answers >= 400. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} @ ${message.location().url}`);
  });
  page.on('requestfailed', (request) => {
    problems.push(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}

describe("a visitor's console", () => {
  it.each(['/', '/app', '/paper-trading', '/financial-advisor', '/pricing', '/contact', '/login'])(
    'stays clean on %s',
    async (path) => {
      const page = await h.newPage();
      const problems = recordProblems(page);
      const sessionProbe = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));

      const document = await page.goto(path);
      await page.waitForLoadState('networkidle');

      // The session probe ran, and answered a visitor without an error.
      const probe = await sessionProbe;
      expect(probe.status()).toBe(200);
      expect(await probe.json()).toEqual({ user: null });
      expect(document?.status()).toBe(200);
      expect(problems).toEqual([]);
    },
  );
});
