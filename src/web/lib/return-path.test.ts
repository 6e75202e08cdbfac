import { describe, expect, it } from 'vitest';
import { returnPathFromSearch } from './return-path';

describe('returnPathFromSearch', () => {
  it('takes a path of this site and nothing else', () => {
    expect(returnPathFromSearch('?next=%2Fpricing', '/app')).toBe('/pricing');
    expect(returnPathFromSearch('?next=%2Fsubscribe%3Fplan%3Dprofessional', '/app')).toBe(
      '/subscribe?plan=professional',
    );
    expect(returnPathFromSearch('', '/app')).toBe('/app');
    expect(returnPathFromSearch('?next=https%3A%2F%2Fevil.example', '/app')).toBe('/app');
    expect(returnPathFromSearch('?next=%2F%2Fevil.example', '/app')).toBe('/app');
    expect(returnPathFromSearch('?next=%2F%5Cevil.example', '/app')).toBe('/app');
    expect(returnPathFromSearch('?next=javascript%3Aalert(1)', '/app')).toBe('/app');
  });
});
