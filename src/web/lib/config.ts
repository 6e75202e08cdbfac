import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfigResponse } from '../../contracts/config';
import { api, schemaFromReader } from './api-client';

export const configQueryKey = ['config'] as const;

/**
 * Reads GET /api/config against the contract's type. A hand check rather than ZPublicConfigResponse.parse keeps
 * zod out of the shell every page loads; the object is rebuilt field by field, so tsc flags any contract change.
 */
export function readPublicConfig(value: unknown): PublicConfigResponse | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const stringOrNull = (x: unknown) =>
    typeof x === 'string' ? x : x === null || x === undefined ? null : undefined;
  const stripePublishableKey = stringOrNull(v.stripePublishableKey);
  const analyticsId = stringOrNull(v.analyticsId);
  if (
    typeof v.version !== 'string' ||
    typeof v.demoFeatures !== 'boolean' ||
    typeof v.marketDataSource !== 'string' ||
    typeof v.mailInServerLog !== 'boolean' ||
    typeof v.hasLanguageModel !== 'boolean' ||
    stripePublishableKey === undefined ||
    analyticsId === undefined
  ) {
    return null;
  }
  return {
    version: v.version,
    stripePublishableKey,
    analyticsId,
    demoFeatures: v.demoFeatures,
    marketDataSource: v.marketDataSource,
    mailInServerLog: v.mailInServerLog,
    hasLanguageModel: v.hasLanguageModel,
  };
}

/** GET /api/config: the browser's public runtime settings (nothing is baked in at build time). */
export const configQueryOptions = queryOptions({
  queryKey: configQueryKey,
  queryFn: ({ signal }): Promise<PublicConfigResponse> =>
    api.get('/api/config', { schema: schemaFromReader(readPublicConfig), signal }),
});

export function useConfig() {
  return useQuery(configQueryOptions);
}
