import { UpsellCard } from '../../components/upsell-card';

/** Spec 000 §6: what a visitor or the free plan sees instead of the accounts: 'Upgrade to Premium' -> /pricing. */
export function PremiumUpsellCard() {
  return (
    <UpsellCard title="Multi-Account Aggregation is a Premium feature" upgradeTo="Premium">
      See your brokerage, 401(k), IRA, Roth IRA and savings accounts together, with their total value and the
      holdings you own across all of them.
    </UpsellCard>
  );
}
