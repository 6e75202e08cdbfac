import { Mail } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { SUPPORT_EMAIL } from '../components/layout/nav-links';
import { Card, CardContent } from '../components/ui/card';
import { ContactForm } from '../features/contact/contact-form';

const META = {
  title: 'Contact Sales — Foliowise',
  description:
    'Ask about Foliowise Enterprise, volume pricing, white-label reports or a student discount. We answer within one business day.',
  keywords: 'contact Foliowise, enterprise portfolio analytics, sales, white-label reports, student discount',
  path: '/contact',
};

/** /contact: where Enterprise and 'Contact Sales' lead; messages are kept for the team. */
export default function ContactPage() {
  return (
    <PageLayout variant="landing" meta={META}>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Sales</h1>
          <p className="text-lg text-muted-foreground">
            Tell us about your firm or team, or ask for a student discount code. We answer within one business
            day.
          </p>
        </header>
        <Card>
          <CardContent className="pt-6">
            <ContactForm />
          </CardContent>
        </Card>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Mail className="size-4" aria-hidden="true" />
          Support questions:{' '}
          <a
            className="font-medium text-primary underline-offset-4 hover:underline"
            href={`mailto:${SUPPORT_EMAIL}`}
          >
            {SUPPORT_EMAIL}
          </a>
        </p>
      </div>
    </PageLayout>
  );
}
