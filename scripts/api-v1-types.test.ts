import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API_V1_TYPES_FILE, generateApiV1Types } from './api-v1-types';

describe('the generated types of the /api/v1 OpenAPI document', () => {
  it('are up to date with the document', async () => {
    const committed = await readFile(API_V1_TYPES_FILE, 'utf8');
    expect(await generateApiV1Types(), `${API_V1_TYPES_FILE} is out of date: npm run api:types`).toBe(
      committed,
    );
  });
});
