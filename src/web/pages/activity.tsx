import { PortfolioViewPage } from '../components/layout/portfolio-view-page';
import { ActivityView } from '../features/activities/activity-view';

const META = {
  title: 'Activity — Foliowise',
  description:
    'The history of a portfolio: buys, sales, dividends and transfers, with the cost basis, unrealized and realized gains they add up to.',
  keywords:
    'portfolio activity, transactions, cost basis, realized gains, unrealized gains, FIFO, average cost',
  path: '/activity',
};

/**
 * /activity?portfolio=<key>: a portfolio's history and the holdings it adds up to (issue 27 item 8). Without a
 * key it is the signed-in person's own portfolio (`me`). A visitor's portfolio stays in the browser and has no
 * history: the page says the history needs a (free) account.
 */
export default function ActivityPage() {
  return (
    <PortfolioViewPage
      view="activity"
      meta={META}
      description=": its buys, sales, dividends and transfers, and the cost basis and gains they add up to."
      signInMessage="A portfolio's history needs an account. It is free: sign in or create one to record your buys, sales and dividends."
    >
      {(portfolio) => <ActivityView portfolio={portfolio} />}
    </PortfolioViewPage>
  );
}
