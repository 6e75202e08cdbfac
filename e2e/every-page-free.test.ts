import { describe, it } from 'vitest';
import { useBrowser } from './support/browser';
import { checkPage, SIGNED_IN_PAGES, signedInPage } from './support/every-page';

const h = useBrowser();

describe('every page a signed-in Free account sees differently, at 1440 and 375 px', () => {
  it.each([...SIGNED_IN_PAGES])('%s: accessible and within the screen', async (path) => {
    await checkPage(signedInPage(h), path, 'signed-in');
  });
});
