import { ShieldCheck } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { SignInRequired } from '../components/layout/sign-in-required';
import { SignedInOnly } from '../components/layout/signed-in-only';
import { AdminDashboard } from '../features/admin/admin-dashboard';
import { NotAllowed } from '../features/admin/not-allowed';

const BREADCRUMB = [
  { label: 'Home', href: '/' },
  { label: 'Admin', href: '/admin' },
];

const META = {
  title: 'Admin Dashboard — Foliowise',
  description: 'Platform analytics and user management for Foliowise administrators.',
  keywords: 'admin dashboard',
};

/**
 * /admin (spec 001 "Admin dashboard"). The server decides who is an administrator; the page asks for admin data
 * only when the session says so, and shows a visitor the sign-in prompt and a user 'Not allowed', never the data.
 */
export default function AdminPage() {
  return (
    <PageLayout variant="app" meta={META} breadcrumb={BREADCRUMB}>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin Dashboard</h1>
          <p className="max-w-2xl text-muted-foreground">Platform analytics and user management.</p>
        </header>
        <SignedInOnly
          signedOut={
            <SignInRequired
              icon={<ShieldCheck />}
              message="Please sign in with an administrator account to open the admin dashboard."
              returnPath="/admin"
            />
          }
        >
          {(user) => (user.role === 'admin' ? <AdminDashboard admin={user} /> : <NotAllowed />)}
        </SignedInOnly>
      </div>
    </PageLayout>
  );
}
