import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZAccountExport,
  ZSignedOutSessionsResponse,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
} from '../../../contracts/accounts';
import { api } from '../../lib/api-client';
import { setSessionUser } from '../../lib/session';

/** POST /api/account/password -> { signedOutSessions }: this session stays, the others end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) =>
      api.post('/api/account/password', request, { schema: ZSignedOutSessionsResponse }),
  });
}

/** POST /api/account/sessions/sign-out-others -> { signedOutSessions }. */
export function useSignOutOtherSessions() {
  return useMutation({
    mutationFn: () =>
      api.post('/api/account/sessions/sign-out-others', undefined, { schema: ZSignedOutSessionsResponse }),
  });
}

/** POST /api/account/delete -> 204: the account and all its data are gone, and so is the session. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DeleteAccountRequest) => api.post<void>('/api/account/delete', request),
    onSuccess: () => setSessionUser(queryClient, null),
  });
}

/** The file name the server's Content-Disposition gives the export. */
export function exportFileName(exportedAt: string): string {
  return `foliowise-data-${exportedAt.slice(0, 10)}.json`;
}

/** GET /api/account/export: the JSON is fetched once and saved as a file through a temporary blob link. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const data = await api.get('/api/account/export', { schema: ZAccountExport });
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(data.exportedAt);
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      return data;
    },
  });
}
