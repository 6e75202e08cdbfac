/**
 * What 'Download my data' (GET /api/account/export) does with each table that holds an account's rows: the part of
 * the export it goes to, or the reason it is left out. One list, held against the database's catalog by a test
 * (account-data.test.ts): a new table with a user id, or one that refers to such a table, fails it until it is
 * named here.
 */
import type { AccountExport } from '../../../contracts/accounts';

/** Each table with an account's rows that the export reads (repository.ts readAccountData), and where it goes. */
export const EXPORTED_TABLES: Readonly<Record<string, keyof AccountExport>> = {
  user: 'profile',
  session: 'sessions',
  saved_portfolio: 'savedPortfolio',
  paper_portfolio: 'paperPortfolios',
  paper_holding: 'paperPortfolios',
  paper_trade: 'trades',
  user_points: 'rewards',
  user_period_points: 'rewards',
  point_transaction: 'rewards',
  user_achievement: 'rewards',
  analysis_usage: 'analyses',
  user_api_key: 'apiKeys',
  api_token: 'apiTokens',
  client_portfolio: 'clients',
  report_branding: 'reportBranding',
  alert_condition: 'alerts',
  triggered_alert: 'alerts',
  portfolio_snapshot: 'snapshots',
  advice_question: 'advisorQuestions',
  trading_suggestion: 'tradingSuggestions',
  portfolio_account: 'portfolioAccounts',
  subscription: 'billing',
  premium_purchase: 'billing',
  contact_message: 'contactMessages',
};

/**
 * The tables with an account's rows that the export leaves out on purpose, and why (also in the README's Security
 * section). Columns left out of exported tables: the password hash (`user`), the session id hash (`session`), the
 * encrypted vendor key (`user_api_key`) and the API token hash (`api_token`).
 */
export const TABLES_LEFT_OUT_OF_EXPORT: Readonly<Record<string, string>> = {
  account_token:
    'the SHA-256 hashes of mailed verification and reset links: secrets that would only help someone who stole the file',
  admin_audit_log:
    "the operators' record of admin actions (who granted, suspended or deleted what): kept for the operators, also after the account is deleted; it is not data the account stored",
};
