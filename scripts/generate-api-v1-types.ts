// `npm run api:types`: writes the types of the /api/v1 OpenAPI document (src/contracts/api-v1.ts) for typed
// clients; run it after changing the document (scripts/api-v1-types.test.ts fails until then).
import { writeFile } from 'node:fs/promises';
import { API_V1_TYPES_FILE, generateApiV1Types } from './api-v1-types';

await writeFile(API_V1_TYPES_FILE, await generateApiV1Types());
console.log(`Wrote ${API_V1_TYPES_FILE}`);
