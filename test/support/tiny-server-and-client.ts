/**
 * A tiny loopback server answering with recorded bodies and a client of it (short retry
 * delays), both closed after each test of the file that sets them up.
 */
import { afterEach } from "vitest";
import { UptimeClient, type UptimeClientOptions } from "../../src/client";
import { startTinyServer, type Reply, type SeenRequest, type TinyServer } from "../client/helpers/tiny-server";

export interface TinyServerAndClient {
  server: TinyServer;
  client: UptimeClient;
}

/** `serve(handler, options)` starts a server answering with `handler` and a client of it with `apiKey`. */
export function tinyServerAndClient(apiKey: string): {
  serve(
    handler: (req: SeenRequest, index: number) => Reply | Promise<Reply>,
    options?: Partial<UptimeClientOptions>,
  ): Promise<TinyServerAndClient>;
} {
  let server: TinyServer | undefined;
  let client: UptimeClient | undefined;
  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = server = undefined;
  });
  return {
    async serve(handler, options = {}) {
      server = await startTinyServer(handler);
      client = new UptimeClient({ baseUrl: server.url, apiKey, retry: { baseDelayMs: 1, maxDelayMs: 5 }, ...options });
      return { server, client };
    },
  };
}
