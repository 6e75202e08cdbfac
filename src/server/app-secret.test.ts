import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppSecret } from './app-secret';

describe('APP_SECRET', () => {
  it('uses the configured secret as is', async () => {
    expect(await resolveAppSecret('c'.repeat(40), '/nonexistent')).toBe('c'.repeat(40));
  });

  it('is generated once into DATA_DIR, readable only by its owner, and reused', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fw-secret-'));
    const first = await resolveAppSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(await resolveAppSecret(undefined, dir)).toBe(first);
  });
});
