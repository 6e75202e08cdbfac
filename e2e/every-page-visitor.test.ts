import { describe, it } from 'vitest';
import { PAGE_PATHS } from '../src/contracts/page-routes';
import { useBrowser } from './support/browser';
import { checkPage, visitorPage } from './support/every-page';

const h = useBrowser();

// Issue #12 "Checks" and issue #25 item 19, one file per role so that the three share the two workers.
describe('every page for a visitor, at 1440 and 375 px', () => {
  it.each([...PAGE_PATHS])('%s: accessible and within the screen', async (path) => {
    await checkPage(visitorPage(h), path, 'visitor');
  });
});
