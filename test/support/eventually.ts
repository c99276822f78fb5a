/**
 * Waits for a condition that something else makes true (a check recorded, a page
 * refreshed): polls `probe` until it answers true. The deadline only turns a hang into a
 * failure with a message; no assertion depends on how long anything takes.
 */
export async function eventually(
  what: string,
  probe: () => Promise<boolean> | boolean,
  ms = 60_000,
  everyMs = 20,
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > end) throw new Error(`still waiting after ${ms} ms for: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
