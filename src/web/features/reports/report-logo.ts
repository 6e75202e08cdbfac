import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_LOGO_PATH, ZReportBrandingResponse } from '../../../contracts/reports';
import { api } from '../../lib/api-client';
import { reportBrandingQueryKey } from './get-report-branding';

/** PUT /api/report-branding/logo: the image file itself; the server reads its type and size from its bytes. */
export function useUploadReportLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.put(REPORT_LOGO_PATH, file, { schema: ZReportBrandingResponse }),
    onSuccess: (branding) => queryClient.setQueryData(reportBrandingQueryKey, branding),
  });
}

/** DELETE /api/report-branding/logo */
export function useRemoveReportLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(REPORT_LOGO_PATH, { schema: ZReportBrandingResponse }),
    onSuccess: (branding) => queryClient.setQueryData(reportBrandingQueryKey, branding),
  });
}

/** The stored logo's URL for an <img>, changing with each upload so the browser shows the new one. */
export function reportLogoUrl(updatedAt: string): string {
  return `${REPORT_LOGO_PATH}?v=${encodeURIComponent(updatedAt)}`;
}
