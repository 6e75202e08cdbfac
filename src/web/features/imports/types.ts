/** Where an imported portfolio came from; the analyzer keeps demo data marked as such. */
export type ImportOrigin = 'sample' | 'brokerage' | 'brokerage-demo' | 'csv';

/** Passes an imported portfolio (symbol -> quantity, crypto as 'CRYPTO:BTC') up to the analyzer page. */
export type ImportHandler = (portfolio: Readonly<Record<string, number>>, origin: ImportOrigin) => void;
