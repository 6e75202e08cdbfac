import { FileText } from 'lucide-react';
import { TERMS_SECTIONS } from '../features/marketing/legal';
import { LegalPage } from '../features/marketing/legal-page';

const META = {
  title: 'Terms of Service — Foliowise',
  description:
    'The terms of using Foliowise: an educational tool, not investment advice; your account; paid plans billed through Stripe; paper trading with virtual money.',
  keywords: 'terms of service, not investment advice, account rules, paid plans, paper trading',
};

/** /terms, linked from the signup form and the footer. */
export default function TermsPage() {
  return (
    <LegalPage
      meta={META}
      icon={FileText}
      title="Terms of Service"
      lead="The rules of using Foliowise, in plain words: what it is and is not, what we ask of you, and how paid plans work."
      sections={TERMS_SECTIONS}
    />
  );
}
