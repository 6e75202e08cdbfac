import { Lock } from 'lucide-react';
import { PRIVACY_SECTIONS } from '../features/marketing/legal';
import { LegalPage } from '../features/marketing/legal-page';

const META = {
  title: 'Privacy Policy — Foliowise',
  description:
    'What Foliowise stores and why: your account, your saved portfolio, encrypted API keys. No card data: payments go through Stripe. Analytics only when configured.',
  keywords: 'privacy policy, data stored, encrypted API keys, Stripe, analytics, delete account',
};

/** /privacy, linked from the signup form and the footer. */
export default function PrivacyPage() {
  return (
    <LegalPage
      meta={META}
      icon={Lock}
      title="Privacy Policy"
      lead="What Foliowise keeps about you, why it keeps it, and what it never sees. Written to match what the product does today."
      sections={PRIVACY_SECTIONS}
    />
  );
}
