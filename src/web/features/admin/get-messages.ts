import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZContactMessagesResponse } from '../../../contracts/admin';
import { api } from '../../lib/api-client';
import { adminQueryRoot } from './query-keys';

/** GET /api/admin/messages: the /contact messages, newest first. */
const messagesQueryOptions = queryOptions({
  queryKey: [...adminQueryRoot, 'messages'],
  queryFn: ({ signal }) => api.get('/api/admin/messages', { schema: ZContactMessagesResponse, signal }),
});

export function useContactMessages() {
  return useQuery(messagesQueryOptions);
}
