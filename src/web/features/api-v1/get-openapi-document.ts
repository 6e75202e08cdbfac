import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOpenApiDocument } from '../../../contracts/api-v1';
import { api } from '../../lib/api-client';

/** GET /api/v1/openapi.json: public, needs no token. */
export const openApiDocumentQueryOptions = queryOptions({
  queryKey: ['api-v1', 'openapi'] as const,
  queryFn: ({ signal }) => api.get('/api/v1/openapi.json', { schema: ZOpenApiDocument, signal }),
  staleTime: Infinity,
});

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQueryOptions);
}
