/**
 * The TypeScript types of the /api/v1 OpenAPI document as openapi-typescript writes them, formatted as the
 * repository is: what `npm run api:types` writes to API_V1_TYPES_FILE, and what its test compares that file with.
 */
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { buildOpenApiDocument } from '../src/contracts/api-v1';

export const API_V1_TYPES_FILE = 'src/contracts/api-v1-openapi-types.ts';

export async function generateApiV1Types(): Promise<string> {
  // The app's version, the limit and the server URL are in no type: any values give the same file.
  const document = buildOpenApiDocument({
    version: '0',
    requestsPerMinute: 60,
    serverUrl: 'http://127.0.0.1:5000',
  });
  const source = `${COMMENT_HEADER}${astToString(await openapiTS(JSON.stringify(document), { silent: true }))}`;
  return format(source, { ...(await resolveConfig(API_V1_TYPES_FILE)), filepath: API_V1_TYPES_FILE });
}
