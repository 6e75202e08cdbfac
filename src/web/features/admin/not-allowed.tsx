import { ShieldX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';

/** What a signed-in user who is not an administrator sees on /admin: no data, and a way back. */
export function NotAllowed() {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 px-4 py-10 text-center sm:px-6">
        <ShieldX className="size-10 text-destructive" aria-hidden="true" />
        <h2 className="text-lg font-semibold">Not allowed</h2>
        <p className="text-muted-foreground">
          Administrator access required. This page is only for administrators of Foliowise.
        </p>
        <Link href="/app" className={buttonClasses({ variant: 'outline' })}>
          Back to the app
        </Link>
      </CardContent>
    </Card>
  );
}
