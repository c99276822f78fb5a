/**
 * The policy SDK requires the whole @pulumi/pulumi index (the automation API and all) while it
 * loads, for asset classes monitor inputs never hold; every preview with the pack waits for
 * that. The pack (policy/src/sdk-index-on-demand.ts) defers the index until something reads
 * from it, and then it is the real one. Each case runs in a fresh node process, as the pack does.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { POLICY_DIR } from "./fixtures";

const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";
const SIG_KEY = "4dabf18193072939515e22adb298388d";

/** Runs `body` (CommonJS) in a node process in policy/ and returns what it prints as JSON. */
function inFreshNode(body: string): Record<string, unknown> {
  const script = `
    const path = require("path");
    const automationLoaded = () =>
      Object.keys(require.cache).some((f) => /[\\\\/]@pulumi[\\\\/]pulumi[\\\\/]automation[\\\\/]index\\.js$/.test(f));
    const policyDir = path.dirname(require.resolve("@pulumi/policy"));
    (async () => { ${body} })().catch((e) => { console.error(e); process.exit(1); });`;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: POLICY_DIR, encoding: "utf8" })) as Record<
    string,
    unknown
  >;
}

describe("the @pulumi/pulumi index in the pack's process", () => {
  it("is loaded by the policy SDK itself when nothing defers it", () => {
    const r = inFreshNode(`
      require("@pulumi/policy");
      console.log(JSON.stringify({ loaded: automationLoaded() }));`);
    expect(r.loaded).toBe(true);
  });

  it("is not loaded with the SDK once deferred, and is the real index when used", () => {
    const r = inFreshNode(`
      require("./dist/sdk-index-on-demand");
      require("@pulumi/policy");
      const loadedWithSdk = automationLoaded();
      // An asset in a resource's inputs: the SDK's deserializer reads \`asset\` from the index.
      const { deserializeProperties } = require(path.join(policyDir, "deserialize.js"));
      const { Struct } = require("google-protobuf/google/protobuf/struct_pb");
      const props = deserializeProperties(
        Struct.fromJavaScript({ page: { "${SIG_KEY}": "${ASSET_SIG}", text: "<h1>down</h1>" } }),
        false,
      );
      const pulumi = require(require.resolve("@pulumi/pulumi", { paths: [policyDir] }));
      console.log(JSON.stringify({
        loadedWithSdk,
        loadedWhenUsed: automationLoaded(),
        isStringAsset: props.page instanceof pulumi.asset.StringAsset,
        text: await props.page.text,
        indexIsComplete: typeof pulumi.automation.LocalWorkspace === "function",
      }));`);
    expect(r).toEqual({
      loadedWithSdk: false,
      loadedWhenUsed: true,
      isStringAsset: true,
      text: "<h1>down</h1>",
      indexIsComplete: true,
    });
  });
});
