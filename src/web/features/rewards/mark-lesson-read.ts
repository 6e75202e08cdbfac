import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLessonReadResponse } from '../../../contracts/rewards';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { invalidateRewards } from './query-keys';

/** POST /api/lessons/{lessonId}/read: the first read of a lesson earns points (the server decides). */
export function markLessonRead(lessonId: string) {
  return api.post(`/api/lessons/${encodeURIComponent(lessonId)}/read`, undefined, {
    schema: ZLessonReadResponse,
  });
}

/**
 * For the lessons: `markRead(lessonId)` when a signed-in user opens a lesson (once per lesson per page view;
 * nothing for visitors). A failure is silent: reading never depends on rewards.
 */
export function useMarkLessonRead(): (lessonId: string) => void {
  const { isAuthenticated } = useSession();
  const queryClient = useQueryClient();
  const sent = useRef(new Set<string>());
  const { mutate } = useMutation({
    mutationFn: markLessonRead,
    onSuccess: (result) => {
      if (result.pointsAwarded > 0) void invalidateRewards(queryClient);
    },
  });
  return useCallback(
    (lessonId: string) => {
      if (!isAuthenticated || sent.current.has(lessonId)) return;
      sent.current.add(lessonId);
      mutate(lessonId);
    },
    [isAuthenticated, mutate],
  );
}
