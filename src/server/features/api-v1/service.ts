/**
 * The reads of /api/v1 (decision 030), for the owner of an API token: each is the service the app's own pages
 * use, on the portfolio saved to the account, so the API answers what the pages show.
 */
import type { SavedPortfolioResponse } from '../../../contracts/analysis';
import {
  API_V1_NO_PORTFOLIO_MESSAGE,
  type ApiV1PaperPortfoliosResponse,
  type ApiV1ValuationResponse,
} from '../../../contracts/api-v1';
import type { AnalyzeResponse } from '../../../contracts/analysis';
import { AppError } from '../../../contracts/errors';
import type { Services } from '../../services';
import { analyzePortfolioWithRules } from '../analysis/service';
import { listPaperPortfoliosOfUser } from '../paper-trading/service';
import { getSavedPortfolio, valuePortfolio } from '../portfolio/service';

interface ReadOptions {
  services: Services;
  userId: string;
}

export function readPortfolio({ services, userId }: ReadOptions): Promise<SavedPortfolioResponse> {
  return getSavedPortfolio({ db: services.portfolio.db, userId });
}

export async function readValuation({ services, userId }: ReadOptions): Promise<ApiV1ValuationResponse> {
  const [saved, userKeys] = await Promise.all([
    getSavedPortfolio({ db: services.portfolio.db, userId }),
    services.userVendorKeys(userId),
  ]);
  const valuation = await valuePortfolio({
    marketData: services.portfolio.marketData,
    portfolio: saved.portfolio,
    requestOptions: { userKeys },
  });
  return { valuation, updatedAt: saved.updatedAt };
}

/** The rules analysis of the saved portfolio: no model, no AI allowance spent, no rewards (a read, not a use). */
export async function readAnalysis({ services, userId }: ReadOptions): Promise<AnalyzeResponse> {
  const [saved, userKeys] = await Promise.all([
    getSavedPortfolio({ db: services.portfolio.db, userId }),
    services.userVendorKeys(userId),
  ]);
  if (Object.keys(saved.portfolio).length === 0) throw new AppError('NOT_FOUND', API_V1_NO_PORTFOLIO_MESSAGE);
  return analyzePortfolioWithRules({
    ...services.analysis,
    portfolio: saved.portfolio,
    requestOptions: { userKeys },
  });
}

export async function readPaperPortfolios({
  services,
  userId,
}: ReadOptions): Promise<ApiV1PaperPortfoliosResponse> {
  return { portfolios: await listPaperPortfoliosOfUser({ ...services.paperTrading, userId }) };
}
