import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CalendarClock, Eye, FileSpreadsheet, KeyRound, Link2, Lock, ShieldCheck } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { Alert, AlertDescription, AlertTitle } from '../components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { EducationalNote, MarketingHero } from '../features/marketing/marketing-hero';

const META = {
  title: 'Robinhood Connection Guide: Read-Only Access — Foliowise',
  description:
    'How to bring your Robinhood holdings into Foliowise without giving it the power to trade: read-only access, Robinhood developer access (1-2 weeks), keeping keys safe, and the activity-report import.',
  keywords:
    'Robinhood API, Robinhood read-only access, Robinhood developer access, Robinhood CSV export, account activity report, import Robinhood portfolio',
};

/** Spec 001 §9: developer access approval is said to take 1-2 weeks. */
const APPROVAL_TIME = '1-2 weeks';

const KEY_FACTS = [
  {
    icon: Eye,
    title: 'Read-only',
    text: 'Foliowise only reads what you hold: each symbol and its quantity. It never places orders, moves money or changes your Robinhood settings.',
  },
  {
    icon: Lock,
    title: 'Credentials not stored',
    text: 'Foliowise does not store your Robinhood username, password or keys. Imported files are read and not kept.',
  },
  {
    icon: CalendarClock,
    title: `Approval takes ${APPROVAL_TIME}`,
    text: `Robinhood’s developer access approval takes ${APPROVAL_TIME}. The activity-report import works today, without it.`,
  },
];

function Steps({ items }: { items: readonly ReactNode[] }) {
  return (
    <ol className="flex flex-col gap-4">
      {items.map((item, index) => (
        <li key={index} className="flex gap-4">
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
            {index + 1}
          </span>
          <div className="pt-1 leading-relaxed">{item}</div>
        </li>
      ))}
    </ol>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-5 rounded-xl border border-border bg-background p-5 md:p-8">
      <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</h2>
      {children}
    </div>
  );
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** /robinhood-guide: tabs Overview, Apply Access, Setup Keys, Connect (spec 001 "Static and marketing pages"). */
export default function RobinhoodGuidePage() {
  return (
    <PageLayout variant="landing" meta={META}>
      <MarketingHero
        eyebrow="Robinhood guide"
        icon={Link2}
        title="Connect Robinhood to Foliowise, read-only"
        lead="Bring your Robinhood holdings into Foliowise without giving it the power to trade: what Foliowise reads, Robinhood’s developer access, keeping keys safe, and the import that works today."
      />

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 md:py-14 lg:px-8">
        <ul className="grid gap-4 md:grid-cols-3">
          {KEY_FACTS.map((fact) => (
            <li key={fact.title} className="flex gap-3 rounded-xl border border-border bg-surface p-5">
              <fact.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-semibold">{fact.title}</p>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{fact.text}</p>
              </div>
            </li>
          ))}
        </ul>

        <Tabs defaultValue="overview" className="mt-10">
          <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-10 sm:w-auto">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="apply">Apply Access</TabsTrigger>
            <TabsTrigger value="keys">Setup Keys</TabsTrigger>
            <TabsTrigger value="connect">Connect</TabsTrigger>
          </TabsList>

          <TabsContent value="overview" className="mt-6">
            <Panel title="What read-only access means">
              <p className="max-w-3xl leading-relaxed">
                Read-only access lets an app see information in your account without being able to act on it.
                Foliowise needs only the list of what you hold, each symbol and how many shares, to value your
                portfolio and measure its risk. It never needs permission to trade, to move money or to change
                anything in your Robinhood account, and its Robinhood connector contains no code that does.
              </p>
              <div className="grid gap-4 md:grid-cols-2">
                <div className="rounded-lg border border-border p-5">
                  <h3 className="flex items-center gap-2 font-semibold">
                    <FileSpreadsheet className="size-5 text-primary" aria-hidden="true" />
                    Account activity report: works today
                  </h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                    Download a CSV report from Robinhood and import it. No access request and no credentials:
                    Foliowise reads the file and keeps only the holdings. See the Connect tab.
                  </p>
                </div>
                <div className="rounded-lg border border-border p-5">
                  <h3 className="flex items-center gap-2 font-semibold">
                    <KeyRound className="size-5 text-primary" aria-hidden="true" />
                    Robinhood developer access
                  </h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                    Robinhood decides who gets API access and on what terms, and approval takes{' '}
                    {APPROVAL_TIME}. See Apply Access and Setup Keys.
                  </p>
                </div>
              </div>
              <div>
                <h3 className="font-semibold">What Foliowise keeps</h3>
                <p className="mt-2 max-w-3xl text-sm leading-relaxed text-muted-foreground">
                  Only the holdings: symbols and quantities. Signed out, they stay in your browser; signed in,
                  they are saved to your account so they are there when you come back. The file you import and
                  any credentials are not stored. Details are in our{' '}
                  <Link href="/compliance#data-handling" className={linkClass}>
                    data handling disclosure
                  </Link>
                  .
                </p>
              </div>
            </Panel>
          </TabsContent>

          <TabsContent value="apply" className="mt-6">
            <Panel title="Apply for developer access">
              <p className="max-w-3xl leading-relaxed">
                Robinhood, not Foliowise, grants developer (API) access to Robinhood accounts. Who is
                eligible, how to ask and what the access allows are set by Robinhood and change over time, so
                follow Robinhood’s own instructions in your account on its website.
              </p>
              <Steps
                items={[
                  'Sign in to your Robinhood account on the web.',
                  'Find the API or developer access section of your account settings and read Robinhood’s terms for it.',
                  'Ask for the narrowest access on offer. If you can choose, choose read-only (view) permissions.',
                  `Wait for Robinhood’s decision. Approval takes ${APPROVAL_TIME}; Foliowise cannot see its status or speed it up.`,
                ]}
              />
              <Alert variant="info">
                <CalendarClock aria-hidden="true" />
                <div>
                  <AlertTitle>While you wait</AlertTitle>
                  <AlertDescription>
                    Import Robinhood’s account activity report (see Connect), or type your holdings into the{' '}
                    <Link href="/app" className={linkClass}>
                      Portfolio Analyzer
                    </Link>
                    .
                  </AlertDescription>
                </div>
              </Alert>
            </Panel>
          </TabsContent>

          <TabsContent value="keys" className="mt-6">
            <Panel title="Set up and protect your keys">
              <p className="max-w-3xl leading-relaxed">
                If Robinhood approves your access, it gives you credentials such as an API key, and may ask
                you to create a key pair. Anyone who has them can act within the permissions they carry, so
                treat them like your password.
              </p>
              <ul className="flex max-w-3xl list-disc flex-col gap-2 pl-5 leading-relaxed marker:text-primary">
                <li>
                  Choose read-only permissions whenever you can: a read-only key cannot trade, even if it
                  leaks.
                </li>
                <li>
                  Keep private keys on your own device, in a password manager. Never paste them into email,
                  chat, screenshots or support forms.
                </li>
                <li>
                  Foliowise will never ask for your Robinhood password, one-time codes or private keys by
                  email, chat or phone.
                </li>
                <li>If a key may have been exposed, revoke it in Robinhood at once and create a new one.</li>
              </ul>
              <Alert>
                <ShieldCheck aria-hidden="true" />
                <div>
                  <AlertTitle>Not the API Settings page</AlertTitle>
                  <AlertDescription>
                    Foliowise’s{' '}
                    <Link href="/api-settings" className={linkClass}>
                      API Settings
                    </Link>{' '}
                    page is for market-data keys (Alpha Vantage, Polygon, Financial Modeling Prep), not
                    brokerage keys. Foliowise does not ask for Robinhood keys: the import on the Connect tab
                    needs none.
                  </AlertDescription>
                </div>
              </Alert>
            </Panel>
          </TabsContent>

          <TabsContent value="connect" className="mt-6">
            <Panel title="Connect with the account activity report">
              <Steps
                items={[
                  'In Robinhood, open Account, then Reports and statements, and generate an account activity report (CSV). Choose a date range that starts when you opened the account. Robinhood can take a while, up to a day, to prepare it; its menu names may change over time.',
                  'Download the CSV file when it is ready.',
                  <>
                    Open the{' '}
                    <Link href="/app" className={linkClass}>
                      Portfolio Analyzer
                    </Link>
                    , upload the file in the CSV import (the Fidelity or E*TRADE tab) and choose Robinhood as
                    the broker.
                  </>,
                  'Check the result: Foliowise lists every row it skipped, and why.',
                ]}
              />
              <div>
                <h3 className="font-semibold">How Foliowise reads the report</h3>
                <ul className="mt-3 flex max-w-3xl list-disc flex-col gap-2 pl-5 text-sm leading-relaxed marker:text-primary">
                  <li>
                    Robinhood has no positions export, so holdings are worked out from the report: for each
                    symbol, the shares bought minus the shares sold.
                  </li>
                  <li>
                    That is right only if the report starts at your account’s first trade. A symbol sold more
                    than bought in the report (because earlier purchases are missing) is skipped, and the
                    reason says so.
                  </li>
                  <li>
                    Only buys and sells count. Shares that arrived another way, such as a stock split, a
                    transfer from another broker or a reward, are not included: correct those quantities by
                    hand.
                  </li>
                  <li>
                    Options trades are skipped. Dividends, interest, fees and transfers are listed as skipped
                    rows.
                  </li>
                  <li>The report does not include Robinhood Crypto, so add crypto holdings by hand.</li>
                </ul>
              </div>
              <div>
                <h3 className="font-semibold">Signing in instead</h3>
                <ul className="mt-3 flex max-w-3xl list-disc flex-col gap-2 pl-5 text-sm leading-relaxed marker:text-primary">
                  <li>
                    The analyzer’s Robinhood tab also offers a sign-in (Import Real Portfolio). Your username
                    and password are used for that one import, only to read your positions, and are not
                    stored.
                  </li>
                  <li>
                    A password is not read-only: anyone holding it can do everything you can. That is why the
                    activity report, which needs no credentials at all, is the safer route.
                  </li>
                  <li>
                    Robinhood usually asks for a verification code when a new device signs in. Foliowise
                    cannot relay that code, so for most accounts the sign-in stops there: use the activity
                    report.
                  </li>
                  <li>
                    The sign-in reads stocks, ETFs and Robinhood Crypto holdings; options are not read. If
                    either part cannot be read, nothing is imported, so you never see half a portfolio.
                  </li>
                  <li>
                    If Robinhood cannot be reached, the analyzer loads a demo portfolio marked ‘Demo data’:
                    those are not your holdings.
                  </li>
                </ul>
              </div>
            </Panel>
          </TabsContent>
        </Tabs>

        <EducationalNote className="mt-10 text-center text-sm font-semibold text-muted-foreground" />
      </div>
    </PageLayout>
  );
}
