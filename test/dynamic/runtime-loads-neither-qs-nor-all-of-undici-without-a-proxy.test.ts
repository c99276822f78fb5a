/**
 * The dynamic provider process starts once per operation, and what its runtime loads before
 * the first answer is paid by every `up`. Without a proxy, loading the installed runtime and
 * sending requests (a create, a list) loads neither qs nor undici's index (which loads fetch,
 * WebSocket, caches and mocks): only undici's agent and `request`. With a proxy in effect,
 * undici's index is loaded for its ProxyAgent. Measured in a fresh node process, by what it
 * holds in require.cache.
 */
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, DEFAULT_API_KEY, type UptimeServer } from "../support/server";
import { startMitmproxy, type Mitmproxy } from "../support/mitmproxy";
import { SIG_KEY } from "../../src/runtime/secret-envelope";

const REPO = resolve(__dirname, "../..");
let server: UptimeServer;
let proxy: Mitmproxy;

beforeAll(async () => {
  [server, proxy] = await Promise.all([startTestServer(), startMitmproxy()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.close(), proxy?.stop()]);
});

/** The modules a fresh process holds after loading the runtime and creating a monitor through it. */
async function loadedAfterACreate(env: Record<string, string>): Promise<string[]> {
  const script = `
    const runtime = require(${JSON.stringify(join(REPO, "dist", "dynamic", "runtime.js"))});
    const config = new Map(Object.entries({ "uptime:baseUrl": process.env.BASE, "uptime:apiKey": process.env.KEY }));
    (async () => {
      await runtime.monitor.configure({ config: { get: (k) => config.get(k) } });
      const { inputs, failures } = await runtime.monitor.check({}, { name: "lazy " + process.pid, url: "https://example.com/", interval: 60, __resourceName: "m" });
      if (failures && failures.length) throw new Error(JSON.stringify(failures));
      // As the engine does: check returns the secret fields as secret envelopes, create gets their values.
      const plain = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v && v["${SIG_KEY}"] ? v.value : v]));
      await runtime.monitor.create(plain);
      console.log(JSON.stringify(Object.keys(require.cache)));
    })().catch((e) => { console.error(e); process.exit(1); });
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], {
    env: { PATH: process.env.PATH ?? "", BASE: server.url, KEY: DEFAULT_API_KEY, ...env },
  });
  return JSON.parse(stdout) as string[];
}

const undiciIndex = (files: string[]) => files.some((f) => /node_modules[\\/]undici[\\/]index\.js$/.test(f));
const qs = (files: string[]) => files.some((f) => /node_modules[\\/]qs[\\/]/.test(f));

describe("the dynamic provider's runtime", () => {
  it("without a proxy, sends its requests with undici's agent alone and no qs", async () => {
    const files = await loadedAfterACreate({});
    expect(files.some((f) => /undici[\\/]lib[\\/]dispatcher[\\/]agent\.js$/.test(f))).toBe(true);
    expect(undiciIndex(files)).toBe(false);
    expect(qs(files)).toBe(false);
  });

  it("with a proxy in effect, loads undici's index for its ProxyAgent", async () => {
    const files = await loadedAfterACreate({ HTTP_PROXY: proxy.url });
    expect(undiciIndex(files)).toBe(true);
    expect(proxy.log()).toContain(`POST ${server.url}/api/v1/monitors`);
  });
});
