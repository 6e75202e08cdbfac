import { featureRequiredMessage } from '../../../contracts/accounts';
import { UpsellCard } from '../../components/upsell-card';

/** What a signed-in Free or Premium user sees instead of the clients: the server's own 403 words, and /pricing. */
export function ProfessionalUpsellCard() {
  return (
    <UpsellCard title="Client portfolios are a Professional feature" upgradeTo="Professional">
      Keep a portfolio for each client, switch the analyzer between them, and see every client&apos;s value,
      day change, risk level and last review in one list. {featureRequiredMessage('multi-client')}
    </UpsellCard>
  );
}
