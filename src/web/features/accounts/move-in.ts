import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMoveInSummary } from '../../../contracts/move-in';
import { api } from '../../lib/api-client';

function moveInForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/**
 * POST /api/account/move-in/preview (multipart, field `file`): what the file of 'Download my data' will add to this
 * account. Nothing is stored.
 */
export function usePreviewMoveIn() {
  return useMutation({
    mutationFn: (file: File) =>
      api.post('/api/account/move-in/preview', moveInForm(file), { schema: ZMoveInSummary }),
  });
}

/**
 * POST /api/account/move-in/confirm with the same file: all of it or nothing. It changes portfolios, accounts,
 * clients and histories at once, so every query is fetched again.
 */
export function useConfirmMoveIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.post('/api/account/move-in/confirm', moveInForm(file), { schema: ZMoveInSummary }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
