import { describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES, validateSignup, type SignupFormValues } from './signup-form';
import { exportFileName } from './use-account';

const VALID: SignupFormValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  acceptTerms: true,
};

describe('validateSignup (spec 001 §5, in the spec’s order)', () => {
  it('accepts a complete form', () => {
    expect(validateSignup(VALID)).toBeNull();
  });

  it('names the first empty required field, blanks counting as empty', () => {
    expect(validateSignup({ ...VALID, lastName: '   ', password: '' })).toEqual({
      field: 'lastName',
      message: SIGNUP_MESSAGES.required,
    });
  });

  it('checks that the passwords match before their length, and the length before the terms', () => {
    expect(
      validateSignup({ ...VALID, password: 'short', confirmPassword: 'other', acceptTerms: false }),
    ).toEqual({ field: 'confirmPassword', message: 'Passwords do not match' });
    expect(
      validateSignup({ ...VALID, password: 'short', confirmPassword: 'short', acceptTerms: false }),
    ).toEqual({ field: 'password', message: 'Password must be at least 8 characters long' });
    expect(validateSignup({ ...VALID, acceptTerms: false })).toEqual({
      field: 'acceptTerms',
      message: 'Please accept the Terms of Service and Privacy Policy',
    });
  });

  it('then applies the contract: a malformed email is refused on the email field', () => {
    expect(validateSignup({ ...VALID, email: 'ada@' })).toEqual({
      field: 'email',
      message: 'Please enter a valid email address',
    });
  });
});

describe('exportFileName', () => {
  it('names the data export by the day it was made, as the server’s Content-Disposition does', () => {
    expect(exportFileName('2026-04-09T23:59:59.000Z')).toBe('foliowise-data-2026-04-09.json');
  });
});
