import { describe, expect, it } from 'vitest';
import { hasMalformedQuery } from './url-encoding';

describe('hasMalformedQuery', () => {
  it('finds %XX escapes that are not UTF-8 in the query', () => {
    expect(hasMalformedQuery('/api/admin/users?search=a%ED%A0%80b')).toBe(true);
    expect(hasMalformedQuery('/api/market-data/search?q=%FF')).toBe(true);
    expect(hasMalformedQuery('/api/market-data/search?q=%C3')).toBe(true);
  });

  it('leaves UTF-8 escapes, a bare % and a query-less URL alone', () => {
    expect(hasMalformedQuery('/api/market-data/search?q=S%C3%B6hne%20%F0%9F%98%80')).toBe(false);
    expect(hasMalformedQuery('/api/market-data/search?q=100%')).toBe(false);
    expect(hasMalformedQuery('/api/market-data/search?q=50%25+off')).toBe(false);
    expect(hasMalformedQuery('/api/clients/%ED%A0%80')).toBe(false);
  });
});
