import { useState } from 'react';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { ADMIN_SEARCH_MIN_LENGTH, type AdminUserSort } from '../../../contracts/admin';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { formatNumber } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAdminUsers } from './get-users';
import { NativeSelect } from '../../components/ui/native-select';
import { UserRow } from './user-row';

const PAGE_SIZE = 25;

/** All Users: server-side pages, search by email or name, sort by date or plan; 'No users yet' when empty. */
export function UsersTab({ adminId }: { adminId: string }) {
  const [searchText, setSearchText] = useState('');
  const typed = useDebouncedValue(searchText.trim(), 300);
  // Shorter parts would read every user (decision 029): the list stays unsearched until there are enough.
  const tooShort = typed.length > 0 && typed.length < ADMIN_SEARCH_MIN_LENGTH;
  const search = tooShort ? '' : typed;
  const [sort, setSort] = useState<AdminUserSort>('newest');
  const [pageOf, setPageOf] = useState({ key: '', page: 1 });
  const key = `${search}|${sort}`;
  const page = pageOf.key === key ? pageOf.page : 1;
  const users = useAdminUsers({ page, pageSize: PAGE_SIZE, search, sort });
  const data = users.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="admin-user-search" className="text-sm font-medium">
            Search users
          </label>
          <div className="relative">
            <Search className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden="true" />
            <Input
              id="admin-user-search"
              type="search"
              placeholder="Email or name"
              className="pl-9"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              aria-describedby="admin-user-search-hint"
            />
          </div>
          <p id="admin-user-search-hint" className="text-xs text-muted-foreground" aria-live="polite">
            {tooShort
              ? `Type at least ${ADMIN_SEARCH_MIN_LENGTH} characters to search.`
              : `A part of an email or name, ${ADMIN_SEARCH_MIN_LENGTH} characters or more.`}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="admin-user-sort" className="text-sm font-medium">
            Sort by
          </label>
          <NativeSelect
            id="admin-user-sort"
            value={sort}
            onChange={(event) => setSort(event.target.value as AdminUserSort)}
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
            <option value="plan">Plan</option>
          </NativeSelect>
        </div>
      </div>

      {users.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-6" label="Loading users" />
        </div>
      ) : users.isError || !data ? (
        <p role="alert" className="py-6 text-center text-destructive">
          The users could not be loaded.
        </p>
      ) : data.users.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">
          {search ? `No users match "${search}".` : 'No users yet'}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {formatNumber(data.total)}
            {data.totalIsCapped ? '+' : ''} {data.total === 1 ? 'user' : 'users'}
            {search ? ` matching "${search}"` : ''}
            {data.totalIsCapped ? ': narrow the search to see them all' : ''}
          </p>
          <ul aria-label="Users">
            {data.users.map((user) => (
              <UserRow key={user.id} user={user} isSelf={user.id === adminId} />
            ))}
          </ul>
          <nav aria-label="User pages" className="flex items-center justify-between gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPageOf({ key, page: page - 1 })}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span className="text-sm text-muted-foreground">
              Page {formatNumber(page)} of {formatNumber(pageCount)}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pageCount}
              onClick={() => setPageOf({ key, page: page + 1 })}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
