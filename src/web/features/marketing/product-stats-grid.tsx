import { computeProductStats } from './product-stats';
import { onFirstUse } from '../../lib/on-first-use';

const numberFormat = onFirstUse(() => new Intl.NumberFormat('en-US'));

/**
 * The /about statistics, counted from the product's own data. Loaded as its own chunk (it reads the security
 * master), so the page's text renders first.
 */
export default function ProductStats() {
  const stats = computeProductStats();
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      {stats.map((stat) => (
        <div key={stat.id} className="flex flex-col gap-2 rounded-xl border border-border bg-background p-6">
          <dt className="order-2 text-sm font-semibold text-foreground">{stat.label}</dt>
          <dd className="order-1 text-4xl font-bold tracking-tight text-primary">
            {numberFormat().format(stat.value)}
          </dd>
          <dd className="order-3 text-sm leading-relaxed text-muted-foreground">{stat.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
