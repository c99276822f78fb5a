/** What an API handler gets: the caller's account, storage, clock and the parsed request. */
import type { Account } from "../auth";
import type { Store, StoreTx } from "../store";

/** The context of one authenticated API request. */
export interface ApiContext {
  /** The authenticated account; every query is scoped to it. */
  account: Account;
  /** Storage: writes, and the reads a write makes, run here and see the latest data. */
  store: Store;
  /**
   * Runs the read of a show or list: on storage, or where the stale-reads fault answers
   * it from (stale-reads.ts).
   */
  read<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** Current time, epoch ms (the server's clock, read once per request). */
  now: number;
  /** Query parameters. */
  query: URLSearchParams;
  /** Parsed body of a write (empty for reads). */
  input: Record<string, unknown>;
  /** Numeric id from the path, for item routes. */
  id: number;
  /** Endpoint URL without query, for pagination links. */
  endpointUrl: string;
  /** Page size when per_page is not an allowed value. */
  fallbackPerPage: number;
}
