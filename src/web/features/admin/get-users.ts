import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminUsersPage, type AdminUserSort } from '../../../contracts/admin';
import { api } from '../../lib/api-client';
import { adminQueryRoot } from './query-keys';

export interface UsersPageRequest {
  page: number;
  pageSize: number;
  search: string;
  sort: AdminUserSort;
}

/** GET /api/admin/users: one page of users, searched and sorted on the server. */
const usersQueryOptions = (request: UsersPageRequest) =>
  queryOptions({
    queryKey: [...adminQueryRoot, 'users', request],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(request.page),
        pageSize: String(request.pageSize),
        sort: request.sort,
      });
      if (request.search) params.set('search', request.search);
      return api.get(`/api/admin/users?${params.toString()}`, { schema: ZAdminUsersPage, signal });
    },
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(request: UsersPageRequest) {
  return useQuery(usersQueryOptions(request));
}
