import { describe, it, expect } from 'vitest';
import { EXCHANGES, exchangeOf, isGlobalListing } from './listings';
import {
  displaySymbol,
  ASSET_CLASSES,
  CRYPTO_PREFIX,
  REGIONS,
  findSecurity,
  listingCurrency,
  searchSecurities,
  securityMaster,
  type AssetClass,
} from './security-master';

const REQUIRED_ETFS = [
  'VTI', 'VXUS', 'BND', 'VNQ', 'SPY', 'QQQ', 'IWM', 'DIA', 'VOO', 'IVV', 'VEA', 'VWO', 'EFA', 'EEM',
  'AGG', 'TLT', 'IEF', 'SHY', 'LQD', 'HYG', 'TIP', 'BNDX', 'GLD', 'SLV', 'XLK', 'XLF', 'XLE', 'XLV',
  'XLY', 'XLP', 'XLI', 'XLU', 'XLB', 'XLRE', 'XLC', 'SCHD', 'VIG', 'VYM', 'VUG', 'VTV', 'VB', 'VO',
  'ARKK', 'SMH', 'SOXX', 'IEFA', 'IEMG', 'IJH', 'IJR', 'SCHX', 'SCHB', 'SCHF', 'SPLG', 'RSP', 'MDY',
  'JEPI',
]; // prettier-ignore

const BOND_ETFS = ['BND', 'AGG', 'TLT', 'IEF', 'SHY', 'LQD', 'HYG', 'TIP', 'BNDX'];

const REQUIRED_INDICES = ['^VIX', '^GSPC', '^IXIC', '^DJI'];

const REQUIRED_FUNDS = [
  'FXAIX', 'FSKAX', 'FTIHX', 'FZROX', 'FZILX', 'FXNAX', 'FCNTX', 'FBGRX', 'FDGRX', 'FMAGX', 'FBALX',
  'FSMDX', 'FSSNX', 'FSPSX', 'VFIAX', 'VTSAX', 'VTIAX', 'VBTLX', 'VWELX', 'VWIAX', 'VFFVX', 'VTTVX',
  'VTHRX', 'VTIVX', 'VGSLX', 'VIMAX', 'VSMAX', 'VBIAX', 'VWUSX', 'VDIGX', 'FFFHX',
]; // prettier-ignore

const BOND_FUNDS = ['FXNAX', 'VBTLX'];

const MONEY_MARKET = ['SPAXX', 'FDRXX', 'VMFXX', 'SWVXX'];

const CRYPTO: readonly [string, string][] = [
  ['BTC', 'bitcoin'], ['ETH', 'ethereum'], ['USDT', 'tether'], ['XRP', 'ripple'], ['BNB', 'binancecoin'],
  ['SOL', 'solana'], ['USDC', 'usd-coin'], ['DOGE', 'dogecoin'], ['ADA', 'cardano'], ['TRX', 'tron'],
  ['LINK', 'chainlink'], ['AVAX', 'avalanche-2'], ['XLM', 'stellar'], ['SUI', 'sui'],
  ['HBAR', 'hedera-hashgraph'], ['BCH', 'bitcoin-cash'], ['LTC', 'litecoin'], ['SHIB', 'shiba-inu'],
  ['DOT', 'polkadot'], ['TON', 'the-open-network'],
]; // prettier-ignore

/** A sample of the largest S&P 500 members, one or more per GICS sector. */
const LARGE_CAPS: readonly [string, string][] = [
  ['NVDA', 'Information Technology'], ['AAPL', 'Information Technology'], ['MSFT', 'Information Technology'],
  ['AVGO', 'Information Technology'], ['GOOGL', 'Communication Services'], ['GOOG', 'Communication Services'],
  ['META', 'Communication Services'], ['AMZN', 'Consumer Discretionary'], ['TSLA', 'Consumer Discretionary'],
  ['BRK-B', 'Financials'], ['JPM', 'Financials'], ['V', 'Financials'], ['MA', 'Financials'],
  ['LLY', 'Health Care'], ['UNH', 'Health Care'], ['JNJ', 'Health Care'], ['WMT', 'Consumer Staples'],
  ['COST', 'Consumer Staples'], ['PG', 'Consumer Staples'], ['XOM', 'Energy'], ['CVX', 'Energy'],
  ['GE', 'Industrials'], ['CAT', 'Industrials'], ['UBER', 'Industrials'], ['NEE', 'Utilities'],
  ['SO', 'Utilities'], ['PLD', 'Real Estate'], ['AMT', 'Real Estate'], ['LIN', 'Materials'],
  ['SHW', 'Materials'],
]; // prettier-ignore

const GICS_SECTORS = [
  'Information Technology',
  'Health Care',
  'Financials',
  'Consumer Discretionary',
  'Communication Services',
  'Industrials',
  'Consumer Staples',
  'Energy',
  'Utilities',
  'Real Estate',
  'Materials',
];

function classOf(symbol: string): AssetClass | undefined {
  return findSecurity(symbol)?.assetClass;
}

describe('security master data', () => {
  it('holds at least 300 entries, about 200 of them S&P 500 stocks', () => {
    expect(securityMaster.length).toBeGreaterThanOrEqual(300);
    expect(securityMaster.filter((e) => e.assetClass === 'stock').length).toBeGreaterThanOrEqual(200);
  });

  it('has unique, upper-case, trimmed symbols', () => {
    const symbols = securityMaster.map((e) => e.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const s of symbols) {
      expect(s).toBe(s.toUpperCase());
      expect(s).toBe(s.trim());
      expect(s).toMatch(/^(\^[A-Z]+|[A-Z]+(-[A-Z])?|CRYPTO:[A-Z]+|[A-Z0-9]+\.(L|TO|DE|T|HK|AX))$/);
    }
  });

  it('is sorted by asset class, then symbol (indices after ETFs)', () => {
    const order: AssetClass[] = ['stock', 'etf', 'fund', 'bond', 'cash', 'crypto'];
    const key = (e: (typeof securityMaster)[number]) =>
      [order.indexOf(e.assetClass), e.isIndex === true ? 1 : 0] as const;
    for (let i = 1; i < securityMaster.length; i++) {
      const a = securityMaster[i - 1]!;
      const b = securityMaster[i]!;
      const [ac, ai] = key(a);
      const [bc, bi] = key(b);
      const ordered = ac < bc || (ac === bc && (ai < bi || (ai === bi && a.symbol < b.symbol)));
      expect(ordered, `${a.symbol} before ${b.symbol}`).toBe(true);
    }
  });

  it('has valid fields in every entry', () => {
    for (const e of securityMaster) {
      const where = e.symbol;
      expect(e.name.trim().length, where).toBeGreaterThan(0);
      expect(ASSET_CLASSES, where).toContain(e.assetClass);
      expect(REGIONS, where).toContain(e.region);
      expect(e.sector.trim().length, where).toBeGreaterThan(0);
      expect(Number.isFinite(e.basePrice) && e.basePrice > 0, where).toBe(true);
      expect(e.annualVolatility, where).toBeGreaterThanOrEqual(0);
      expect(e.annualVolatility, where).toBeLessThanOrEqual(1.5);
      const keys = Object.keys(e).filter(
        (k) =>
          ![
            'symbol',
            'name',
            'assetClass',
            'sector',
            'region',
            'basePrice',
            'annualVolatility',
            'coingeckoId',
            'isIndex',
            'currency',
            'exchange',
          ].includes(k),
      );
      expect(keys, where).toEqual([]);
    }
  });

  it('gives stocks a GICS sector and a US region', () => {
    for (const e of securityMaster.filter((s) => s.assetClass === 'stock' && s.currency === undefined)) {
      expect(GICS_SECTORS, e.symbol).toContain(e.sector);
      expect(e.region, e.symbol).toBe('US');
      expect(e.annualVolatility, e.symbol).toBeGreaterThanOrEqual(0.1);
      expect(e.coingeckoId, e.symbol).toBeUndefined();
      expect(e.isIndex, e.symbol).toBeUndefined();
    }
  });

  it('covers every GICS sector', () => {
    const sectors = new Set(securityMaster.filter((e) => e.assetClass === 'stock').map((e) => e.sector));
    expect([...sectors].sort()).toEqual([...GICS_SECTORS].sort());
  });

  it.each(LARGE_CAPS)('lists %s as a stock in %s', (symbol, sector) => {
    expect(findSecurity(symbol)).toMatchObject({ assetClass: 'stock', sector, region: 'US' });
  });

  it.each(REQUIRED_ETFS)('lists the ETF %s', (symbol) => {
    expect(classOf(symbol)).toBe(BOND_ETFS.includes(symbol) ? 'bond' : 'etf');
  });

  it.each(REQUIRED_INDICES)('lists the index %s as an etf flagged isIndex', (symbol) => {
    expect(findSecurity(symbol)).toMatchObject({ assetClass: 'etf', isIndex: true });
  });

  it('flags only the indices as isIndex', () => {
    const flagged = securityMaster.filter((e) => e.isIndex === true).map((e) => e.symbol);
    expect(flagged.sort()).toEqual([...REQUIRED_INDICES].sort());
    for (const e of securityMaster) expect(e.isIndex === undefined || e.isIndex, e.symbol).toBe(true);
  });

  it.each(REQUIRED_FUNDS)('lists the mutual fund %s', (symbol) => {
    expect(classOf(symbol)).toBe(BOND_FUNDS.includes(symbol) ? 'bond' : 'fund');
  });

  it('has at least 30 mutual funds', () => {
    const funds = securityMaster.filter(
      (e) => e.assetClass === 'fund' || (e.assetClass === 'bond' && /^[A-Z]{4}X$/.test(e.symbol)),
    );
    expect(funds.length).toBeGreaterThanOrEqual(30);
  });

  it('classifies bond funds and ETFs as bond, Fixed Income', () => {
    for (const e of securityMaster.filter((s) => s.assetClass === 'bond')) {
      expect(e.sector, e.symbol).toBe('Fixed Income');
      expect(e.annualVolatility, e.symbol).toBeLessThanOrEqual(0.16);
    }
  });

  it.each(MONEY_MARKET)('lists the money-market fund %s as cash at 1', (symbol) => {
    expect(findSecurity(symbol)).toMatchObject({
      assetClass: 'cash',
      sector: 'Money Market',
      basePrice: 1,
      annualVolatility: 0,
    });
  });

  it.each(CRYPTO)('lists CRYPTO:%s with CoinGecko id %s', (ticker, coingeckoId) => {
    expect(findSecurity(`${CRYPTO_PREFIX}${ticker}`)).toMatchObject({
      assetClass: 'crypto',
      coingeckoId,
      sector: 'Cryptocurrency',
      region: 'Global',
    });
  });

  it('gives every crypto entry the prefix and a CoinGecko id, and no other entry either', () => {
    for (const e of securityMaster) {
      const isCrypto = e.assetClass === 'crypto';
      expect(e.symbol.startsWith(CRYPTO_PREFIX), e.symbol).toBe(isCrypto);
      if (isCrypto) expect(e.coingeckoId, e.symbol).toMatch(/^[a-z0-9-]+$/);
      else expect(e.coingeckoId, e.symbol).toBeUndefined();
    }
    const ids = securityMaster.flatMap((e) => (e.coingeckoId === undefined ? [] : [e.coingeckoId]));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('prices stablecoins at 1 with near-zero volatility', () => {
    for (const s of ['CRYPTO:USDT', 'CRYPTO:USDC']) {
      expect(findSecurity(s)).toMatchObject({ basePrice: 1, annualVolatility: 0.01 });
    }
  });

  it('uses the expected regions for international, emerging and gold funds', () => {
    for (const s of ['VXUS', 'VEA', 'EFA', 'IEFA', 'SCHF', 'FTIHX', 'VTIAX', 'FSPSX', 'FZILX', 'BNDX']) {
      expect(findSecurity(s)?.region, s).toBe('International');
    }
    for (const s of ['VWO', 'EEM', 'IEMG']) expect(findSecurity(s)?.region, s).toBe('Emerging Markets');
    expect(findSecurity('GLD')?.region).toBe('Global');
    expect(findSecurity('VTI')?.region).toBe('US');
  });
});

describe('findSecurity', () => {
  it('finds by symbol, case-insensitively', () => {
    expect(findSecurity('AAPL')?.name).toBe('Apple Inc.');
    expect(findSecurity('aapl')?.symbol).toBe('AAPL');
    expect(findSecurity(' msft ')?.symbol).toBe('MSFT');
    expect(findSecurity('crypto:btc')?.coingeckoId).toBe('bitcoin');
    expect(findSecurity('^gspc')?.symbol).toBe('^GSPC');
  });

  it('reads BRK.B and BRK/B as BRK-B', () => {
    expect(findSecurity('BRK-B')?.symbol).toBe('BRK-B');
    expect(findSecurity('brk.b')?.symbol).toBe('BRK-B');
    expect(findSecurity('BRK/B')?.symbol).toBe('BRK-B');
  });

  it('answers undefined for unknown symbols', () => {
    expect(findSecurity('NOPE')).toBeUndefined();
    expect(findSecurity('')).toBeUndefined();
    expect(findSecurity('BTC')).toBeUndefined();
  });
});

describe('searchSecurities', () => {
  const symbols = (query: string, limit?: number) => searchSecurities(query, limit).map((e) => e.symbol);

  it('puts the exact symbol first', () => {
    expect(symbols('AAPL')[0]).toBe('AAPL');
    expect(symbols('aapl')[0]).toBe('AAPL');
    expect(symbols('V')[0]).toBe('V');
    expect(symbols('spy')[0]).toBe('SPY');
  });

  it('ranks exact symbol, then symbol prefixes, then name word prefixes, then name substrings', () => {
    // 'ma': MA exact; MAR, MA... prefixes; then names with a word starting 'ma'; then 'ma' inside a word.
    const result = symbols('ma', 400);
    expect(result[0]).toBe('MA');
    const firstNamePrefix = result.findIndex((s) => !s.startsWith('MA'));
    expect(firstNamePrefix).toBeGreaterThan(1);
    expect(result.slice(1, firstNamePrefix).every((s) => s.startsWith('MA'))).toBe(true);
    expect(result.indexOf('MSFT')).toBe(-1);
    // Marriott (MAR) is a symbol prefix; Martin Marietta (MLM) a name word prefix; Amazon (AMZN) a substring.
    expect(result.indexOf('MAR')).toBeLessThan(result.indexOf('MLM'));
    expect(result.indexOf('MLM')).toBeLessThan(result.indexOf('AMZN'));
  });

  it('finds companies by name', () => {
    expect(symbols('apple')[0]).toBe('AAPL');
    expect(symbols('Apple')).toContain('AAPL');
    expect(symbols('microsoft')[0]).toBe('MSFT');
    expect(symbols('berkshire')).toContain('BRK-B');
    expect(symbols('bank of america')).toContain('BAC');
    expect(symbols('estee')).toContain('EL');
  });

  it('finds crypto as CRYPTO:BTC and as BTC', () => {
    expect(symbols('btc')[0]).toBe('CRYPTO:BTC');
    expect(symbols('CRYPTO:BTC')[0]).toBe('CRYPTO:BTC');
    expect(symbols('bitcoin')).toEqual(expect.arrayContaining(['CRYPTO:BTC', 'CRYPTO:BCH']));
    expect(symbols('crypto:', 50)).toHaveLength(20);
  });

  it('finds Vanguard funds from a partial word', () => {
    const result = searchSecurities('vang', 100);
    expect(result.length).toBeGreaterThan(20);
    expect(result.every((e) => e.name.startsWith('Vanguard'))).toBe(true);
    expect(result.map((e) => e.symbol)).toEqual(expect.arrayContaining(['VTI', 'VTSAX', 'VFIAX', 'VMFXX']));
  });

  it('matches BRK.B as BRK-B', () => {
    expect(symbols('brk.b')[0]).toBe('BRK-B');
  });

  it('respects the limit, defaulting to 10', () => {
    expect(searchSecurities('a')).toHaveLength(10);
    expect(searchSecurities('a', 3)).toHaveLength(3);
    expect(searchSecurities('a', 0)).toEqual([]);
  });

  it('answers nothing for an empty or unmatched query', () => {
    expect(searchSecurities('')).toEqual([]);
    expect(searchSecurities('   ')).toEqual([]);
    expect(searchSecurities('zzzzqqq')).toEqual([]);
  });
});

describe('displaySymbol', () => {
  it('writes a crypto key as its coin and leaves a stock symbol as it is', () => {
    expect(displaySymbol('CRYPTO:BTC')).toBe('BTC');
    expect(displaySymbol('crypto:eth')).toBe('eth');
    expect(displaySymbol('AAPL')).toBe('AAPL');
    expect(displaySymbol('BRK.B')).toBe('BRK.B');
  });
});

describe('listings outside the US', () => {
  const listed = securityMaster.filter((e) => e.currency !== undefined);

  it('covers a dozen or more listings on each exchange, with its currency, region and exchange', () => {
    for (const exchange of EXCHANGES) {
      const entries = listed.filter((e) => e.symbol.endsWith(exchange.suffix));
      expect(entries.length, exchange.suffix).toBeGreaterThanOrEqual(12);
      for (const e of entries) {
        expect(e.currency, e.symbol).toBe(exchange.currency);
        expect(e.region, e.symbol).toBe(exchange.region);
        expect(exchangeOf(e.symbol), e.symbol).toBe(exchange);
        expect(e.exchange, e.symbol).toMatch(/^(LSE|TSX|XETRA|TSE|HKEX|ASX)$/);
        if (e.assetClass === 'stock') expect(GICS_SECTORS, e.symbol).toContain(e.sector);
      }
    }
    expect(listed.length).toBe(listed.filter((e) => isGlobalListing(e.symbol)).length);
  });

  it('finds the well-known ones by symbol and by name', () => {
    expect(findSecurity('tsco.l')).toMatchObject({
      name: 'Tesco PLC',
      currency: 'GBX',
      region: 'United Kingdom',
    });
    expect(findSecurity('8306.T')).toMatchObject({
      name: 'Mitsubishi UFJ Financial Group, Inc.',
      currency: 'JPY',
    });
    expect(findSecurity('0700.HK')).toMatchObject({ name: 'Tencent Holdings Limited', currency: 'HKD' });
    expect(searchSecurities('Mitsubishi UFJ')[0]?.symbol).toBe('8306.T');
  });

  it("prices a listing in the master's currency, else its exchange's, else USD", () => {
    expect(listingCurrency('tsco.l')).toBe('GBX');
    expect(listingCurrency('0700.HK')).toBe('HKD');
    expect(listingCurrency('ZZZQ.DE')).toBe('EUR');
    expect(listingCurrency('AAPL')).toBe('USD');
    expect(listingCurrency('ZZZZQ')).toBe('USD');
  });
});
