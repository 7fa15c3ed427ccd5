/**
 * Fakes only the clock's date (`Date.now()`, `new Date()`): timers, ticks and I/O run for real, so
 * a test can move "now" past an expiry (a token's age) while real requests still complete.
 */
export function fakeDateOnly(): void {
  jest.useFakeTimers({
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
  });
}
