import { PortfolioViewPage } from '../components/layout/portfolio-view-page';
import { TooltipProvider } from '../components/ui/tooltip';
import { PerformanceView } from '../features/performance/performance-view';

const META = {
  title: 'Performance — Foliowise',
  description:
    'How a portfolio did: time- and money-weighted returns over any period, against a benchmark, with the change in value split into price, dividends, fees, taxes and currency.',
  keywords:
    'portfolio performance, time-weighted return, money-weighted return, TWR, IRR, benchmark, dividends, currency effect',
  path: '/performance',
};

/**
 * /performance?portfolio=<key>: a portfolio's returns (issue 28 item 6), beside its Activity page and with the same
 * keys. Without a key it is the signed-in person's own portfolio (`me`). A visitor's portfolio stays in the browser
 * and has no history: the page says returns need a (free) account.
 */
export default function PerformancePage() {
  return (
    <PortfolioViewPage
      view="performance"
      meta={META}
      description=": how it did over a period, whatever you put in or took out, against a benchmark."
      signInMessage="A portfolio's returns need its history, and a history needs an account. It is free: sign in or create one to record your buys, sales and dividends."
    >
      {(portfolio) => (
        <TooltipProvider>
          <PerformanceView portfolio={portfolio} />
        </TooltipProvider>
      )}
    </PortfolioViewPage>
  );
}
