import { expect, it } from 'vitest';

it('makes zod parse without eval, though set before zod is loaded', async () => {
  await import('./zod-csp');
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
});
