import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_BRANDING_PATH, ZReportBrandingResponse } from '../../../contracts/reports';
import { api } from '../../lib/api-client';

export const reportBrandingQueryKey = ['reports', 'branding'] as const;

/** GET /api/report-branding: a Professional user's firm name, colour and logo (its metadata). */
export const reportBrandingQueryOptions = queryOptions({
  queryKey: reportBrandingQueryKey,
  queryFn: ({ signal }) => api.get(REPORT_BRANDING_PATH, { schema: ZReportBrandingResponse, signal }),
});

/** Only asked for when `isProfessional`: any other plan would get a 403. */
export function useReportBranding(isProfessional: boolean) {
  return useQuery({ ...reportBrandingQueryOptions, enabled: isProfessional });
}
