import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAuditLogResponse } from '../../../contracts/admin';
import { api } from '../../lib/api-client';
import { adminQueryRoot } from './query-keys';

/** GET /api/admin/audit-log: the newest admin actions. */
const auditLogQueryOptions = queryOptions({
  queryKey: [...adminQueryRoot, 'audit-log'],
  queryFn: ({ signal }) => api.get('/api/admin/audit-log', { schema: ZAuditLogResponse, signal }),
});

export function useAuditLog() {
  return useQuery(auditLogQueryOptions);
}
