import { useId, useState } from 'react';
import { Info } from 'lucide-react';
import type { DividendOffer, SplitOffer } from '../../../contracts/activity-offers';
import { MARKET_DATA_VENDOR_LABELS } from '../../../contracts/market-data';
import { displaySymbol } from '../../../domain/symbol-kind';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { formatDay, formatMoney, formatPrice, formatQuantity } from './format';
import { useAcceptOffers, useActivityOffers } from './get-offers';

/** The offers set aside with 'Not now', per portfolio, for the browser tab's session. */
const dismissedKey = (portfolio: string) => `foliowise:dismissed-offers:${portfolio}`;

function readDismissed(portfolio: string): ReadonlySet<string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(dismissedKey(portfolio)) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function writeDismissed(portfolio: string, ids: ReadonlySet<string>): void {
  try {
    sessionStorage.setItem(dismissedKey(portfolio), JSON.stringify([...ids]));
  } catch {
    // Storage refused (private mode, full): the dismissal lasts until the page is left.
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** `We found 4 dividends you may have received`, with the splits when there are some. */
function offersTitle(dividends: number, splits: number): string {
  const found = [
    ...(dividends > 0 ? [plural(dividends, 'dividend', 'dividends')] : []),
    ...(splits > 0 ? [plural(splits, 'split', 'splits')] : []),
  ].join(' and ');
  return dividends > 0
    ? `We found ${found} you may have received`
    : `We found ${found} your history does not record`;
}

/** A split's ratio as people say it: 4 -> `4-for-1`, 0.1 -> `1-for-10`. */
function splitLabel(ratio: number): string {
  return ratio >= 1
    ? `${formatQuantity(ratio)}-for-1`
    : `1-for-${formatQuantity(Math.round(10_000 / ratio) / 10_000)}`;
}

function DividendLine({ offer }: { offer: DividendOffer }) {
  return (
    <>
      <span className="font-medium">
        {displaySymbol(offer.symbol)} dividend of {formatMoney(offer.amount, offer.currency)}
      </span>{' '}
      <span className="text-muted-foreground">
        paid {formatDay(offer.date)}: {formatQuantity(offer.sharesHeld)} shares ×{' '}
        {formatPrice(offer.perShare, offer.currency)} (ex-date {formatDay(offer.exDate)})
      </span>
    </>
  );
}

function SplitLine({ offer }: { offer: SplitOffer }) {
  return (
    <>
      <span className="font-medium">
        {displaySymbol(offer.symbol)} {splitLabel(offer.ratio)} split
      </span>{' '}
      <span className="text-muted-foreground">
        on {formatDay(offer.date)}: {formatQuantity(offer.sharesBefore)} shares became{' '}
        {formatQuantity(offer.sharesAfter)}
      </span>
    </>
  );
}

/**
 * Dividends and splits the portfolio's history lacks, from a vendor's dividend history (issue 27 item 4): each
 * with a checkbox (all chosen at first), 'Add selected' and 'Not now' (remembered for the session). With the
 * simulator, a short note that it has no dividend history. Nothing while loading or when the look-up fails: it is
 * a suggestion, and the history beside it works without it.
 */
export function OffersPrompt({ portfolio }: { portfolio: string }) {
  const headingId = useId();
  const offers = useActivityOffers(portfolio);
  const accept = useAcceptOffers(portfolio);
  const [dismissed, setDismissed] = useState(() => readDismissed(portfolio));
  const [unchosen, setUnchosen] = useState<ReadonlySet<string>>(new Set());

  if (!offers.data) return null;
  if (offers.data.simulated) {
    return (
      <Alert variant="info" role="note">
        <Info aria-hidden="true" />
        <AlertDescription>{offers.data.note}</AlertDescription>
      </Alert>
    );
  }
  const dividends = offers.data.dividends.filter((offer) => !dismissed.has(offer.id));
  const splits = offers.data.splits.filter((offer) => !dismissed.has(offer.id));
  const shown = [...splits, ...dividends];
  if (shown.length === 0) return null;
  const chosen = shown.filter((offer) => !unchosen.has(offer.id)).map((offer) => offer.id);
  const vendors = offers.data.sources.flatMap((source) =>
    source === 'simulated' ? [] : [MARKET_DATA_VENDOR_LABELS[source]],
  );

  const choose = (id: string, isChosen: boolean) =>
    setUnchosen((current) => {
      const next = new Set(current);
      if (isChosen) next.delete(id);
      else next.add(id);
      return next;
    });
  const notNow = () => {
    const next = new Set([...dismissed, ...shown.map((offer) => offer.id)]);
    writeDismissed(portfolio, next);
    setDismissed(next);
  };

  return (
    <Card role="region" aria-labelledby={headingId} className="border-[#93b4df]">
      <CardHeader className="p-4 sm:p-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          {offersTitle(dividends.length, splits.length)}
        </h2>
        <CardDescription>
          From {vendors.join(' and ')}, on the shares your history held. Choose the ones to add to the
          history; nothing is added until you do.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <ul className="flex max-h-96 flex-col gap-3 overflow-y-auto rounded-md border border-border p-3">
          {shown.map((offer) => {
            const checkboxId = `${headingId}-${offer.id}`;
            return (
              <li key={offer.id} className="flex items-start gap-3">
                <Checkbox
                  id={checkboxId}
                  className="mt-0.5"
                  checked={!unchosen.has(offer.id)}
                  onCheckedChange={(checked) => choose(offer.id, checked === true)}
                />
                <label htmlFor={checkboxId} className="text-sm leading-snug">
                  {'exDate' in offer ? <DividendLine offer={offer} /> : <SplitLine offer={offer} />}
                </label>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button
            disabled={chosen.length === 0 || accept.isPending}
            onClick={() => accept.mutate(chosen, { onSuccess: () => setUnchosen(new Set()) })}
          >
            {accept.isPending ? 'Adding…' : `Add selected (${chosen.length})`}
          </Button>
          <Button variant="outline" onClick={notNow} disabled={accept.isPending}>
            Not now
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
