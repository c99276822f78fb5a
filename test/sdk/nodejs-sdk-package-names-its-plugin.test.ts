/**
 * `npm run sdks` builds the Node.js SDK into dist/sdk/nodejs: compiled JavaScript with
 * declarations, and a package.json that names the provider plugin it needs (the engine reads
 * that to load `pulumi-resource-uptime` of the same version for its resources).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../e2e/harness";

const OUT = join(REPO, "dist", "sdk");

describe("dist/sdk, as `npm run sdks` builds it", () => {
  it("holds the Node.js SDK compiled, with a package.json naming the plugin and its version", () => {
    const pkg = JSON.parse(readFileSync(join(OUT, "nodejs", "package.json"), "utf8"));
    const version = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version;
    expect(pkg).toMatchObject({
      name: "@pulumi-uptime/uptime",
      version,
      pulumi: { resource: true, name: "uptime", version },
    });
    for (const f of ["index.js", "index.d.ts", "monitor.js", "monitor.d.ts", "types/enums/index.js", "README.md"]) {
      expect(existsSync(join(OUT, "nodejs", f)), f).toBe(true);
    }
    // Loads as a package and exposes the resources, the provider and the functions.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built SDK, loaded as a program loads it
    const sdk = require(join(OUT, "nodejs"));
    expect(Object.keys(sdk)).toEqual(
      expect.arrayContaining(["Monitor", "Incident", "Provider", "getMonitor", "getMonitorsOutput", "Interval"]),
    );
    expect(sdk.Monitor.__pulumiType).toBe("uptime:index:Monitor");
  });

  it.each([
    ["python", "pyproject.toml"],
    ["python", "pulumi_uptime/pulumi-plugin.json"],
    ["go", "go.mod"],
    ["go", "uptime/pulumi-plugin.json"],
    ["dotnet", "PulumiUptime.Uptime.csproj"],
    ["dotnet", "pulumi-plugin.json"],
  ])("holds the %s SDK (%s)", (language, file) => {
    expect(existsSync(join(OUT, language, file))).toBe(true);
  });
});
