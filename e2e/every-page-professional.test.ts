import { describe, it } from 'vitest';
import { PAGE_PATHS } from '../src/contracts/page-routes';
import { useBrowser } from './support/browser';
import { checkPage, signedInPage } from './support/every-page';

const h = useBrowser();

// Issue 25 item 19: every page as the plan that sees the most (clients, terminal analytics, reports).
describe('every page signed in as Professional, at 1440 and 375 px', () => {
  it.each([...PAGE_PATHS])('%s: accessible and within the screen', async (path) => {
    await checkPage(signedInPage(h, 'professional'), path, 'professional');
  });
});
