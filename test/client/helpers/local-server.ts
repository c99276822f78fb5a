/**
 * Clients wired to the project's local server (test/support/server.ts), plus a
 * recording dispatcher that shows the exact request line and body the client sent (the
 * server's request log keeps the path only, not the query).
 */
import { Agent, type Dispatcher } from "undici";
import { afterAll, beforeAll } from "vitest";
import { UptimeClient, type UptimeClientOptions } from "../../../src/client";
import type { UptimeError } from "../../../src/client/errors";
import { DEFAULT_API_KEY, startTestServer, type UptimeServer } from "../../support/server";

export { startTestServer, DEFAULT_API_KEY, type UptimeServer } from "../../support/server";

/** A client of `server` with short backoff so that retry tests stay fast. */
export function localClient(server: UptimeServer, options: UptimeClientOptions = {}): UptimeClient {
  return new UptimeClient({
    baseUrl: server.url,
    apiKey: DEFAULT_API_KEY,
    ...options,
    retry: { baseDelayMs: 5, maxDelayMs: 20, ...options.retry },
  });
}

/** One request as it left the client. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body?: string;
}

/** An undici dispatcher that records what passes through it. Close it after use. */
export function recordingDispatcher(): { dispatcher: Dispatcher; sent: SentRequest[]; close(): Promise<void> } {
  const agent = new Agent();
  const sent: SentRequest[] = [];
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    const [path, query = ""] = opts.path.split("?");
    sent.push({
      method: opts.method,
      path,
      query: new URLSearchParams(query),
      body: typeof opts.body === "string" ? opts.body : undefined,
    });
    return dispatch(opts, handler);
  });
  return { dispatcher, sent, close: () => agent.close() };
}

/** A name no other test uses. */
export function uniqueName(prefix = "monitor"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A local server and a client of it for the whole test file: started in `beforeAll`,
 * closed in `afterAll`. Read `server` and `client` inside tests (they are set by then).
 */
export function serverAndClientForFile(options: UptimeClientOptions = {}): {
  readonly server: UptimeServer;
  readonly client: UptimeClient;
} {
  const state = {} as { server: UptimeServer; client: UptimeClient };
  beforeAll(async () => {
    state.server = await startTestServer();
    state.client = localClient(state.server, options);
  });
  afterAll(async () => {
    await state.client?.close();
    await state.server?.close();
  });
  return state;
}

/** The error `p` rejects with (undefined if it resolves), to assert on. */
export async function failure(p: Promise<unknown>): Promise<UptimeError> {
  return (await p.then(
    () => undefined,
    (e: unknown) => e,
  )) as UptimeError;
}
