import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZImportConfirmResponse,
  ZImportPreviewResponse,
  ZImportUndoResponse,
} from '../../../contracts/activity-imports';
import type { ColumnMapping } from '../../../domain/activity-import/column-mapper';
import { api } from '../../lib/api-client';
import { portfolioActivityKey } from './query-keys';

/** What a preview is asked for: the file, and the column mapping when no format recognised it. */
export interface PreviewRequest {
  file: File;
  mapping?: ColumnMapping;
}

/**
 * POST /api/activities/import/preview as multipart (field `file`, and `mapping` as JSON): a preview staged on the
 * server, or the mapper's header and proposal for a CSV no format recognises. Nothing is in the history yet.
 */
export function usePreviewImport(portfolio: string) {
  return useMutation({
    mutationFn: ({ file, mapping }: PreviewRequest) => {
      const form = new FormData();
      form.append('file', file, file.name);
      if (mapping) form.append('mapping', JSON.stringify(mapping));
      return api.post(`/api/activities/import/preview?portfolio=${encodeURIComponent(portfolio)}`, form, {
        schema: ZImportPreviewResponse,
      });
    },
  });
}

/**
 * POST /api/activities/import/:importId/confirm (all or nothing) and DELETE /api/activities/imports/:importId
 * (the undo). Each settles after the list and the holdings have been refetched.
 */
export function useConfirmImport(portfolio: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) =>
      api.post(`/api/activities/import/${encodeURIComponent(importId)}/confirm`, undefined, {
        schema: ZImportConfirmResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioActivityKey(portfolio) }),
  });
}

export function useUndoImport(portfolio: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) =>
      api.delete(`/api/activities/imports/${encodeURIComponent(importId)}`, { schema: ZImportUndoResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioActivityKey(portfolio) }),
  });
}
