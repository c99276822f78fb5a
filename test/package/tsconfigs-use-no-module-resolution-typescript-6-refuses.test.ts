/**
 * TypeScript 6 refuses `moduleResolution: "node"` (node10) and `"classic"` (TS5107, deprecated),
 * and TypeScript 5.9 refuses `"bundler"` beside `module: "CommonJS"` (TS5095). The root
 * tsconfig and the generated Node.js SDK's (tools/sdkgen drops the generator's line) set none:
 * each compiler then takes its own default for CommonJS, and both compile them (checked with
 * `tsc --noEmit` of 5.9.3 and 6.0.3 when this was written).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..", "..");

describe.each(["tsconfig.json", "sdk/nodejs/tsconfig.json"])("%s", (file) => {
  it("sets no module resolution that TypeScript 5.9 or 6 refuses", () => {
    const options = (JSON.parse(readFileSync(join(ROOT, file), "utf8")) as { compilerOptions: Record<string, string> })
      .compilerOptions;
    expect(String(options.module).toLowerCase()).toBe("commonjs");
    expect(String(options.moduleResolution ?? "").toLowerCase()).not.toMatch(/^(node|node10|classic|bundler)$/);
  });
});
