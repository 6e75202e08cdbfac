/**
 * Settles as `promise` does, or rejects with `abortError()` as soon as `signal` aborts, whatever the promise
 * does afterwards (a late failure of it is then ignored): for callees that may not honour their signal.
 */
export function rejectOnAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  abortError: () => Error,
): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
