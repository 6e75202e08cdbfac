import { useState } from 'react';
import { Download, RefreshCw } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../contracts/accounts';
import {
  ADMIN_STATS_RANGES,
  DEFAULT_ADMIN_STATS_RANGE,
  type AdminStatsRange,
} from '../../../domain/admin/analytics';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AnalyticsTab } from './analytics-tab';
import { AuditLogTab } from './audit-log-tab';
import { LanguageModelNote } from './language-model-note';
import { useAdminStats } from './get-stats';
import { MessagesTab } from './messages-tab';
import { NativeSelect } from '../../components/ui/native-select';
import { adminQueryRoot } from './query-keys';
import { SignupsTab } from './signups-tab';
import { StatCards } from './stat-cards';
import { UsersTab } from './users-tab';

const RANGE_LABELS: Record<AdminStatsRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  all: 'All time',
};

/** /admin for an administrator: range, Refresh, Export Data, the five cards and the tabs. */
export function AdminDashboard({ admin }: { admin: User }) {
  const [range, setRange] = useState<AdminStatsRange>(DEFAULT_ADMIN_STATS_RANGE);
  const stats = useAdminStats(range);
  const queryClient = useQueryClient();
  const [isRefreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: adminQueryRoot, type: 'active' });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="admin-range" className="text-sm font-medium">
            Stats range
          </label>
          <NativeSelect
            id="admin-range"
            value={range}
            onChange={(event) => setRange(event.target.value as AdminStatsRange)}
          >
            {ADMIN_STATS_RANGES.map((value) => (
              <option key={value} value={value}>
                {RANGE_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void refresh()} disabled={isRefreshing}>
            <RefreshCw aria-hidden="true" className={isRefreshing ? 'animate-spin' : undefined} />
            Refresh
          </Button>
          {/* A plain download: the browser streams the file, however many users there are. */}
          <a href="/api/admin/users/export" download className={buttonClasses()}>
            <Download aria-hidden="true" />
            Export Data
          </a>
        </div>
      </div>

      {stats.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-6" label="Loading the stats" />
        </div>
      ) : stats.isError ? (
        <p role="alert" className="py-6 text-center text-destructive">
          The stats could not be loaded.
        </p>
      ) : (
        <StatCards stats={stats.data} />
      )}

      <LanguageModelNote />

      <Tabs defaultValue="users">
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-auto">
          <TabsTrigger value="users">All Users</TabsTrigger>
          <TabsTrigger value="signups">Recent Signups</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="messages">Messages</TabsTrigger>
          <TabsTrigger value="audit">Audit Log</TabsTrigger>
        </TabsList>
        <TabsContent value="users" className="pt-4">
          <UsersTab adminId={admin.id} />
        </TabsContent>
        <TabsContent value="signups" className="pt-4">
          {stats.data ? <SignupsTab stats={stats.data} /> : null}
        </TabsContent>
        <TabsContent value="analytics" className="pt-4">
          {stats.data ? <AnalyticsTab stats={stats.data} /> : null}
        </TabsContent>
        <TabsContent value="messages" className="pt-4">
          <MessagesTab />
        </TabsContent>
        <TabsContent value="audit" className="pt-4">
          <AuditLogTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
