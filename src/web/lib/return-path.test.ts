// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToPath, returnPathFromSearch, sameOriginPath } from './return-path';

const ORIGIN = 'https://app.foliowise.test';
const next = (value: string) => `?next=${encodeURIComponent(value)}`;

/** Addresses that browsers read as another site, or as no site at all. */
const FOREIGN = [
  '/\t/evil.example/checkout', // `/login?next=%2F%09%2Fevil.example%2Fcheckout`: the browser drops the TAB
  '/\n/evil.example',
  '/\r\n/evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/.//evil.example',
  ' //evil.example',
  'https://evil.example',
  'http:evil.example',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
];

describe('returnPathFromSearch', () => {
  it('takes a path of this site, with its query and fragment', () => {
    expect(returnPathFromSearch(next('/pricing'), '/app', ORIGIN)).toBe('/pricing');
    expect(returnPathFromSearch(next('/subscribe?plan=professional'), '/app', ORIGIN)).toBe(
      '/subscribe?plan=professional',
    );
    expect(returnPathFromSearch(next('/account#billing'), '/app', ORIGIN)).toBe('/account#billing');
    expect(returnPathFromSearch(next(`${ORIGIN}/checkout`), '/app', ORIGIN)).toBe('/checkout');
    expect(returnPathFromSearch('', '/app', ORIGIN)).toBe('/app');
    expect(returnPathFromSearch('?next=', '/app', ORIGIN)).toBe('/app');
  });

  it.each(FOREIGN)('refuses %j: the fallback instead', (value) => {
    expect(returnPathFromSearch(next(value), '/app', ORIGIN)).toBe('/app');
    expect(sameOriginPath(value, ORIGIN)).toBeNull();
  });

  it('refuses the encoded attack exactly as it arrives in the address bar', () => {
    expect(returnPathFromSearch('?next=%2F%09%2Fevil.example%2Fcheckout', '/app', ORIGIN)).toBe('/app');
  });
});

describe('goToPath', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never leaves the site, even for a paying page', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const navigate = vi.fn();
    const { origin } = window.location;
    goToPath('/\t/evil.example/checkout', navigate);
    goToPath('//evil.example/checkout', navigate);
    expect(assign).not.toHaveBeenCalled();
    expect(navigate.mock.calls).toEqual([['/'], ['/']]);

    goToPath('/checkout?plan=premium', navigate);
    expect(assign).toHaveBeenCalledWith(`${origin}/checkout?plan=premium`);
    goToPath('/pricing', navigate);
    expect(navigate).toHaveBeenLastCalledWith('/pricing');
  });
});
