/**
 * A local server and a client of its default account that plays "someone outside Pulumi":
 * it makes and changes records behind the provider's back. Closing closes both.
 */
import { UptimeClient } from "../../src/client";
import { DEFAULT_API_KEY, startTestServer, type UptimeServerOptions } from "./server";

export async function serverWithOutsider(options: UptimeServerOptions = {}) {
  const server = await startTestServer(options);
  const outside = new UptimeClient({ baseUrl: server.url, apiKey: DEFAULT_API_KEY });
  return {
    server,
    outside,
    async close() {
      await outside.close();
      await server.close();
    },
  };
}
