/**
 * The stored provider and package upgrades: the serialized provider (`__provider`) stored with every resource is small
 * (reported, and within the 2 KB target), and upgrading the package without changing the
 * shim changes nothing: the fixture is pointed at a copy of the package with a bumped
 * version and a modified runtime, and `preview --expect-no-changes` and
 * `up --expect-no-changes` pass, with `__provider` byte-identical in state, while the
 * upgraded runtime is the one the engine's provider process actually loads.
 */
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INCIDENT_TYPE, MONITOR_TYPE, REPO, WORK, ok, summary, urnName, type ExportedResource } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";

const TARGET_BYTES = 2048;

function providerText(r: ExportedResource): string {
  const text = r.inputs?.__provider;
  if (typeof text !== "string") throw new Error(`${r.urn} has no __provider input`);
  return text;
}

describe("the serialized provider", () => {
  const e2e = lifecycleStack({ stack: { project: "lifecycle" }, up: true });
  let pkgDir: string;
  let before: ExportedResource[];

  beforeAll(async () => {
    before = (await e2e.stack.resources()).filter((r) => r.type === MONITOR_TYPE || r.type === INCIDENT_TYPE);
  });
  afterAll(async () => {
    if (pkgDir && !process.env.E2E_KEEP) rmSync(pkgDir, { recursive: true, force: true });
  });

  it("is reported per resource and within 2 KB", () => {
    expect(before).toHaveLength(3);
    const rows = before.map((r) => ({
      resource: `${r.type.split(":").pop()} ${urnName(r.urn)}`,
      bytes: Buffer.byteLength(providerText(r), "utf8"),
    }));
    console.log(
      `__provider bytes per resource (target <= ${TARGET_BYTES}):\n${rows.map((r) => `  ${r.resource}: ${r.bytes}`).join("\n")}`,
    );
    for (const r of rows) expect(r.bytes, r.resource).toBeLessThanOrEqual(TARGET_BYTES);
    for (const r of before) {
      // Outputs carry the same text; it holds no URL, key or absolute path.
      expect(r.outputs?.__provider).toBe(providerText(r));
      expect(providerText(r)).not.toMatch(/127\.0\.0\.1|e2e-apikey|\/work\/|node_modules/);
      expect(providerText(r)).toMatch(/require\("pulumi-uptime\/runtime"\)/);
    }
  });

  it("an upgraded package with the same shim updates nothing and is the one that runs", async () => {
    // A copy of the package with a bumped version and a modified runtime (and program entry),
    // both of which leave a mark when loaded.
    pkgDir = join(WORK, `pkg-upgraded-${process.pid}`);
    rmSync(pkgDir, { recursive: true, force: true });
    mkdirSync(pkgDir, { recursive: true });
    cpSync(join(REPO, "dist"), join(pkgDir, "dist"), { recursive: true });
    const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));
    const upgradedVersion = `${pkg.version.split(".").slice(0, 2).join(".")}.${Number(pkg.version.split(".")[2].split("-")[0]) + 1}-e2e.1`;
    pkg.version = upgradedVersion;
    writeFileSync(join(pkgDir, "package.json"), JSON.stringify(pkg, null, 2));
    const mark = join(pkgDir, "loaded.log");
    const marker = (who: string) =>
      `\n// e2e: upgraded ${who}\nif (process.env.E2E_UPGRADE_MARK) require("fs").appendFileSync(process.env.E2E_UPGRADE_MARK, "${who} ${upgradedVersion}\\n");\n`;
    appendFileSync(join(pkgDir, "dist", "dynamic", "runtime.js"), marker("runtime"));
    appendFileSync(join(pkgDir, "dist", "index.js"), marker("program"));

    // The fixture resolves pulumi-uptime to the copy and @pulumi to the repo's.
    const nm = join(e2e.stack.dir, "node_modules");
    mkdirSync(nm, { recursive: true });
    symlinkSync(pkgDir, join(nm, "pulumi-uptime"), "dir");
    symlinkSync(join(REPO, "node_modules", "@pulumi"), join(nm, "@pulumi"), "dir");
    e2e.stack.setEnv("E2E_UPGRADE_MARK", mark);

    const writes = e2e.srv.server.writeCount();
    const preview = ok(await e2e.stack.preview(["--expect-no-changes"]));
    expect(summary(preview.output)).toMatchObject({ unchanged: 4 });
    const up = ok(await e2e.stack.up(["--expect-no-changes"]));
    expect(summary(up.output)).toMatchObject({ unchanged: 4 });
    expect(e2e.srv.server.writeCount() - writes).toBe(0);

    // The upgraded package really ran: in the program and in the provider process.
    expect(existsSync(mark)).toBe(true);
    const loaded = readFileSync(mark, "utf8");
    expect(loaded).toContain(`program ${upgradedVersion}`);
    expect(loaded).toContain(`runtime ${upgradedVersion}`);

    const after = (await e2e.stack.resources()).filter((r) => r.type === MONITOR_TYPE || r.type === INCIDENT_TYPE);
    expect(after.map((r) => r.urn).sort()).toEqual(before.map((r) => r.urn).sort());
    for (const r of after) {
      const old = before.find((b) => b.urn === r.urn)!;
      expect(
        Buffer.from(providerText(r)).equals(Buffer.from(providerText(old))),
        `${urnName(r.urn)} __provider byte-identical`,
      ).toBe(true);
      expect(r.id).toBe(old.id);
    }
  });
});
