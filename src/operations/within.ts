/**
 * `outcome`, or false when it has not settled within `timeoutMs` (the readiness ping, the shutdown's teardown). A
 * failure of `outcome` in time is passed on.
 */
export function within(outcome: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    outcome.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
