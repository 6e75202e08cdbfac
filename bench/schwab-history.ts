// A Charles Schwab transaction history of any length for the activity benches (import, pages), deterministic, and
// its import into a fresh account's saved portfolio.
import { addDays } from '../src/domain/calendar';
import { signUpAndSignIn } from './support';

const SYMBOLS = 40;

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * `rows` buys, partial sells and dividends over 40 symbols, four a day from 1990 (50,000 rows end in 2024), newest
 * first as Schwab writes it.
 */
export function schwabHistoryCsv(rows: number): string {
  const lines: string[] = [];
  const held = new Map<string, number>();
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  let date = '1990-01-02';
  for (let i = 0; lines.length < rows; i++) {
    if (i % 4 === 0) date = addDays(date, 1);
    const symbol = `S${Math.floor(random() * SYMBOLS)}`;
    const price = (20 + random() * 200).toFixed(2);
    const quantity = held.get(symbol) ?? 0;
    const roll = random();
    if (roll < 0.55 || quantity < 2) {
      const bought = 1 + Math.floor(random() * 20);
      const amount = (bought * Number(price) + 1).toFixed(2);
      lines.push(
        `"${usDate(date)}","Buy","${symbol}","${symbol} INC","${bought}","$${price}","$1.00","-$${amount}"`,
      );
      held.set(symbol, quantity + bought);
    } else if (roll < 0.85) {
      const sold = 1 + Math.floor(random() * (quantity - 1));
      const amount = (sold * Number(price) - 1).toFixed(2);
      lines.push(
        `"${usDate(date)}","Sell","${symbol}","${symbol} INC","${sold}","$${price}","$1.00","$${amount}"`,
      );
      held.set(symbol, quantity - sold);
    } else {
      lines.push(
        `"${usDate(date)}","Qualified Dividend","${symbol}","${symbol} INC","","","","$${(random() * 30).toFixed(2)}"`,
      );
    }
  }
  const header = '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"';
  return [header, ...lines.reverse()].join('\r\n') + '\r\n';
}

/** A fresh account, signed in: its session cookie. */
export function freshAccount(baseUrl: string, name: string): Promise<string> {
  return signUpAndSignIn(baseUrl, {
    firstName: 'Bench',
    lastName: name,
    email: `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'Sturdy-Larch-42',
  });
}

/** The file posted to the import's preview for the saved portfolio; the answer as it comes. */
export function previewImport(baseUrl: string, cookie: string, csv: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'Individual_XXX123_Transactions.csv');
  return fetch(`${baseUrl}/api/activities/import/preview?portfolio=me`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
}

export function confirmImport(baseUrl: string, cookie: string, importId: string): Promise<Response> {
  return fetch(`${baseUrl}/api/activities/import/${importId}/confirm`, {
    method: 'POST',
    headers: { cookie },
  });
}
