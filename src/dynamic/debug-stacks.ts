/**
 * Cheaper resource construction: the Pulumi SDK captures a stack trace for every promise
 * behind every registered output (four per output), and a `Monitor` registers 25 of them.
 * Those traces are read only when `PULUMI_DEBUG_PROMISE_LEAKS` is set (the SDK prints them
 * for promises still pending at exit), yet building them was about half the CPU of
 * declaring a monitor. Without that variable the resource classes construct with stack
 * capture off; with it, nothing changes.
 */

/**
 * Turns stack capture off until the returned function is called, unless
 * `PULUMI_DEBUG_PROMISE_LEAKS` asks for the traces. Call the result in a `finally`.
 */
export function suspendDebugStacks(): () => void {
  if (process.env.PULUMI_DEBUG_PROMISE_LEAKS) return () => undefined;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return () => {
    Error.stackTraceLimit = limit;
  };
}
