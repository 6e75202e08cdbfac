import { Link } from 'wouter';
import { Compass } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { Button } from '../components/ui/button';

export default function NotFoundPage() {
  return (
    <PageLayout
      variant="landing"
      breadcrumb={false}
      meta={{
        title: 'Page Not Found — Foliowise',
        description: 'The page you were looking for does not exist.',
        noIndex: true,
      }}
    >
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <Compass className="size-12 text-primary" aria-hidden="true" />
        <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="text-muted-foreground">
          The page you were looking for does not exist or has moved. Check the address, or start again from
          the home page.
        </p>
        <Button asChild size="lg">
          <Link href="/">Go back home</Link>
        </Button>
      </div>
    </PageLayout>
  );
}
