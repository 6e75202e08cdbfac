import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAuthUserResponse } from '../../../contracts/accounts';
import { api } from '../../lib/api-client';
import { setSessionUser } from '../../lib/session';
import { DEMO_WELCOME_KEY, writeStored } from '../../lib/storage';

/** POST /api/auth/demo -> 201 { user }: a fresh demo account (only offered when config.demoFeatures). */
export function startDemo() {
  return api.post('/api/auth/demo', undefined, { schema: ZAuthUserResponse });
}

export function useDemoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDemo,
    onSuccess: ({ user }) => {
      writeStored(DEMO_WELCOME_KEY, user.id);
      setSessionUser(queryClient, user);
    },
  });
}
