import { describe, expect, it } from 'vitest';
import { AppError, appErrorCodeOf, errorStatusByCode } from './errors';

describe('errorStatusByCode', () => {
  it('gives every code an error status', () => {
    for (const [code, status] of Object.entries(errorStatusByCode)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });
});

describe('AppError', () => {
  it("takes the status of its code, unless the status is given (a client-side code's)", () => {
    expect(new AppError('PAYMENT_DECLINED', 'Your card was declined.').status).toBe(402);
    expect(new AppError('INSUFFICIENT_CASH', 'Insufficient cash').status).toBe(422);
    expect(new AppError('HEADERS_TOO_LARGE', 'Too large').status).toBe(431);
    expect(new AppError('NETWORK_ERROR', 'Network error', { status: 0 }).status).toBe(0);
    expect(new AppError('BAD_REQUEST', 'Not acceptable', { status: 406 }).status).toBe(406);
  });

  it('takes only the codes of the status map and the web client', () => {
    // @ts-expect-error A code without a status in errorStatusByCode is not an AppErrorCode.
    expect(new AppError('NO_SUCH_CODE', 'unknown').status).toBe(500);
  });
});

describe('appErrorCodeOf', () => {
  it("keeps the server's codes and reads any other as HTTP_ERROR", () => {
    expect(appErrorCodeOf('SUBSCRIPTION_REQUIRED')).toBe('SUBSCRIPTION_REQUIRED');
    expect(appErrorCodeOf('NOT_OURS')).toBe('HTTP_ERROR');
    expect(appErrorCodeOf('toString')).toBe('HTTP_ERROR');
  });
});
