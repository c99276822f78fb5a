/**
 * The client the functions use inside a Pulumi program: the same stack config keys and
 * environment variables as the providers, read in the program's process.
 */
import * as pulumi from "@pulumi/pulumi";
import type { UptimeClient } from "../client/client";
import { clientFor, CONFIG_KEYS } from "../runtime/config";

/** Connection settings a function call may pass instead of stack config. */
export interface FunctionOptions {
  /** Service root; default stack config `uptime:baseUrl`, then `UPTIME_BASE_URL`. */
  baseUrl?: string;
  /** API key; default stack config `uptime:apiKey`, then `UPTIME_API_KEY`. */
  apiKey?: string;
  /** Account time zone; default `uptime:timeZone`, then `UPTIME_TIME_ZONE`, then UTC. */
  timeZone?: string;
}

function stackConfig(key: string): string | undefined {
  try {
    // getConfig reads the raw value: no "use getSecret" warning for the API key.
    return pulumi.runtime.getConfig(key) || undefined;
  } catch {
    return undefined;
  }
}

/** Runs `fn` with a client built from `options`, stack config or the environment, then releases it. */
export async function withProgramClient<T>(
  options: FunctionOptions | undefined,
  fn: (c: UptimeClient) => Promise<T>,
): Promise<T> {
  const client = clientFor({
    baseUrl: options?.baseUrl ?? stackConfig(CONFIG_KEYS.baseUrl),
    apiKey: options?.apiKey ?? stackConfig(CONFIG_KEYS.apiKey),
    timeZone: options?.timeZone ?? stackConfig(CONFIG_KEYS.timeZone),
    requestsPerMinute: stackConfig(CONFIG_KEYS.requestsPerMinute),
    maxRetries: stackConfig(CONFIG_KEYS.maxRetries),
    timeoutMs: stackConfig(CONFIG_KEYS.timeoutMs),
    proxyUrl: stackConfig(CONFIG_KEYS.proxyUrl),
    caCertificates: stackConfig(CONFIG_KEYS.caCertificates),
  });
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}
