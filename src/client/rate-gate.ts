/**
 * The shared 429 gate. The service limits requests per account, so once it answers 429
 * every request of this process to that account must hold off, not only the one that
 * was refused: otherwise the others keep spending the account's budget and keep the
 * limit in force. One gate per base URL and API key, held in a module-level map.
 */
import { createHash } from "node:crypto";

/** When the account may be called again. */
export class RateGate {
  private openAt = 0;

  /**
   * @param now The clock, in epoch milliseconds. The default looks `Date.now` up at each
   *   call (not once here), so a fake clock installed later (a test's) is the one read.
   */
  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Milliseconds until requests may go out again; 0 when open. */
  remainingMs(): number {
    return Math.max(0, this.openAt - this.now());
  }

  /** Closes the gate for `ms` from now; never shortens a longer closure already set. */
  closeFor(ms: number): void {
    this.openAt = Math.max(this.openAt, this.now() + Math.max(0, ms));
  }
}

const gates = new Map<string, RateGate>();

/**
 * The key of a gate: the base URL and a hash of the API key. The key itself is never
 * kept here in clear, so a heap dump or a debugger view of the map does not leak it.
 */
export function gateKey(baseUrl: string, apiKey: string): string {
  return `${baseUrl}#${createHash("sha256").update(apiKey).digest("hex").slice(0, 16)}`;
}

/** The process-wide gate for `baseUrl` and `apiKey`, created on first use. */
export function rateGateFor(baseUrl: string, apiKey: string): RateGate {
  const key = gateKey(baseUrl, apiKey);
  let gate = gates.get(key);
  if (!gate) {
    gate = new RateGate();
    gates.set(key, gate);
  }
  return gate;
}
