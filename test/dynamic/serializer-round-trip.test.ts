/**
 * The provider as the engine runs it: serialized by Pulumi's real closure serializer,
 * loaded from text with require-from-string (as the dynamic provider host does),
 * configured with stack config, and used to create a monitor on the local server.
 * Compiled code is loaded with Node's require: the serializer cannot read code that
 * the test runner has transformed.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../support/server";
import { DEFAULT_API_KEY } from "../../src/server";
import { fileFixture } from "../support/file-fixture";
import { SECRET_SIG, SIG_KEY } from "../../src/runtime/secret-envelope";

const require = createRequire(import.meta.url);
const pulumi = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the provider module as the host gets it, untyped
const requireFromString = require("require-from-string") as (code: string) => any;
const shim = require("../../dist/dynamic/shim.js") as typeof import("../../src/dynamic/shim");
const { serializedProvider } =
  require("../../dist/dynamic/serialized-provider.js") as typeof import("../../src/dynamic/serialized-provider");

/**
 * Hashes of the serialized shims. A change here means every resource's `__provider`
 * changes, so every user's next `up` updates every monitor: change the shim only on purpose.
 */
const GOLDEN = {
  monitor: "bf2de2155686482570a20e888a4557bb39a5901a290914994ce810786f13dd21",
  incident: "607b9874e3d68e7bd825249e8d4dd774baaa2027d13fdd82107b4641df9fc263",
};

// The real closure serializer, on the shim function itself.
async function serialize(fn: () => unknown): Promise<string> {
  return (await pulumi.runtime.serializeFunction(fn)).text;
}

const server = fileFixture(() => startTestServer());

/** `bag` as the engine sends it to a provider that takes no secrets: each secret envelope replaced by its value. */
function withoutSecretEnvelopes(bag: Record<string, unknown>): Record<string, unknown> {
  const isSecret = (v: unknown): v is { value: unknown } =>
    typeof v === "object" && v !== null && (v as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
  return Object.fromEntries(Object.entries(bag).map(([k, v]) => [k, isSecret(v) ? v.value : v]));
}

describe("The serialized provider", () => {
  it("is small and matches the golden hash", async () => {
    for (const [kind, fn] of [
      ["monitor", shim.monitorShim],
      ["incident", shim.incidentShim],
    ] as const) {
      const text = await serialize(fn);
      expect(Buffer.byteLength(text), kind).toBeLessThanOrEqual(512);
      expect(createHash("sha256").update(text).digest("hex"), kind).toBe(GOLDEN[kind]);
      // What the resources store is exactly this text.
      expect(await serializedProvider(kind)).toBe(text);
    }
  });

  it("captures no credentials, URLs, paths or versions", async () => {
    process.env.UPTIME_API_KEY = "must-not-be-captured";
    try {
      const text = await serialize(shim.monitorShim);
      for (const s of ["must-not-be-captured", DEFAULT_API_KEY, "127.0.0.1", process.cwd(), "0.1.0"])
        expect(text).not.toContain(s);
    } finally {
      delete process.env.UPTIME_API_KEY;
    }
  });

  it("survives serializeFunction → require-from-string → configure → create against the local server", async () => {
    // As the dynamic provider host does: requireFromString(text).handler() is the provider.
    const provider = requireFromString(await serialize(shim.monitorShim)).handler();
    const config: Record<string, string> = { "uptime:baseUrl": server.url, "uptime:apiKey": DEFAULT_API_KEY };
    await provider.configure({ config: { get: (k: string) => config[k], require: (k: string) => config[k] } });
    const checked = await provider.check({}, { name: "Serialized", url: "https://s.example.com", interval: 60 });
    expect(checked.failures).toBeUndefined();
    // The engine keeps check's secret envelopes and sends a provider that takes no secrets their values.
    const created = await provider.create(withoutSecretEnvelopes(checked.inputs));
    expect(created.outs).toMatchObject({ name: "Serialized", monitorId: Number(created.id) });
    const read = await provider.read(created.id, created.outs);
    expect(read.props.name).toBe("Serialized");
    await provider.delete(created.id, created.outs);
    expect((await provider.read(created.id, created.outs)).id).toBe("");
  });
});
