/**
 * The provider as the engine runs it: serialized by Pulumi's real closure serializer,
 * loaded from text with require-from-string (as the dynamic provider host does),
 * configured with stack config, and used to create a monitor on the local server.
 * Compiled code is loaded with Node's require: the serializer cannot read code that
 * the test runner has transformed.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../support/server";
import { DEFAULT_API_KEY } from "../../src/server";

const require = createRequire(import.meta.url);
const pulumi = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
const requireFromString = require("require-from-string") as (code: string) => any;
const shim = require("../../dist/providers/shim.js") as typeof import("../../src/providers/shim");

/**
 * Hashes of the serialized shims. A change here means every resource's `__provider`
 * changes, so every user's next `up` updates every monitor: change the shim only on purpose.
 */
const GOLDEN = {
  monitor: "90759e7738bb4963c12538d98de8e059ea731f9b5d5b481a0057065437091926",
  incident: "424acf7d3a3fffeea68d1b2d04a73608b89640d23c44256366b4ee17bc886260",
};

// What dynamic.Resource does (serializeFunctionMaybeSecret).
async function serialize(provider: object): Promise<string> {
  return (await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true })).text;
}

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe("The serialized provider", () => {
  it("is at most 2 KB and matches the golden hash", async () => {
    for (const [kind, provider] of [["monitor", shim.monitorProvider], ["incident", shim.incidentProvider]] as const) {
      const text = await serialize(provider);
      expect(Buffer.byteLength(text), kind).toBeLessThanOrEqual(2048);
      expect(createHash("sha256").update(text).digest("hex"), kind).toBe(GOLDEN[kind]);
    }
  });

  it("captures no credentials, URLs, paths or versions", async () => {
    process.env.UPTIME_API_KEY = "must-not-be-captured";
    try {
      const text = await serialize(shim.monitorProvider);
      for (const s of ["must-not-be-captured", DEFAULT_API_KEY, "127.0.0.1", process.cwd(), "0.1.0"]) expect(text).not.toContain(s);
    } finally {
      delete process.env.UPTIME_API_KEY;
    }
  });

  it("survives serializeFunction → require-from-string → configure → create against the local server", async () => {
    const provider = requireFromString(await serialize(shim.monitorProvider)).handler();
    const config: Record<string, string> = { "uptime:baseUrl": server.url, "uptime:apiKey": DEFAULT_API_KEY };
    await provider.configure({ config: { get: (k: string) => config[k], require: (k: string) => config[k] } });
    const checked = await provider.check({}, { name: "Serialized", url: "https://s.example.com", interval: 60 });
    expect(checked.failures).toBeUndefined();
    const created = await provider.create(checked.inputs);
    expect(created.outs).toMatchObject({ name: "Serialized", monitorId: Number(created.id) });
    const read = await provider.read(created.id, created.outs);
    expect(read.props.name).toBe("Serialized");
    await provider.delete(created.id, created.outs);
    expect((await provider.read(created.id, created.outs)).id).toBe("");
  });
});
