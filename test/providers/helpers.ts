/** Shared setup of the provider tests: a local server and the runtime configured for it. */
import { startTestServer } from "../support/server";
import { DEFAULT_API_KEY } from "../../src/server";
import { configureFromStack } from "../../src/providers/config";
import { UptimeClient } from "../../src/client";
import { expect } from "vitest";
import type { ResourceProvider } from "@pulumi/pulumi/dynamic";

/** Runs a provider's `check`, expects it to pass, and returns the checked inputs. */
export async function checkedBy(provider: Pick<ResourceProvider, "check">, bag: Record<string, unknown>): Promise<Record<string, any>> {
  const r = await provider.check!({}, bag);
  expect(r.failures).toBeUndefined();
  return r.inputs as Record<string, any>;
}

/** Starts a server and points the provider runtime at it, as `configure` would. */
export async function providerHarness(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(options);
  const config: Record<string, string> = { "uptime:baseUrl": server.url, "uptime:apiKey": DEFAULT_API_KEY };
  const reconfigure = () => {
    // A new provider process: configure keeps the client while the settings stay the same,
    // so clear them first to start from a fresh client (no read snapshot, nothing verified).
    configureFromStack({ get: () => undefined });
    configureFromStack({ get: (k) => config[k] });
  };
  reconfigure();
  // A second client plays "someone else" changing things out of band.
  const outOfBand = new UptimeClient({ baseUrl: server.url, apiKey: DEFAULT_API_KEY });
  return {
    server,
    outOfBand,
    /** Configures the runtime afresh, as a new provider process would be. */
    reconfigure,
    async close() {
      await outOfBand.close();
      await server.close();
    },
  };
}
