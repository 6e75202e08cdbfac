import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REPORT_BRANDING_PATH,
  ZReportBrandingResponse,
  type SaveReportBrandingRequest,
} from '../../../contracts/reports';
import { api } from '../../lib/api-client';
import { reportBrandingQueryKey } from './get-report-branding';

/** PUT /api/report-branding: the firm name and colour (empty: Foliowise's own). */
export function useSaveReportBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveReportBrandingRequest) =>
      api.put(REPORT_BRANDING_PATH, request, { schema: ZReportBrandingResponse }),
    onSuccess: (branding) => queryClient.setQueryData(reportBrandingQueryKey, branding),
  });
}
