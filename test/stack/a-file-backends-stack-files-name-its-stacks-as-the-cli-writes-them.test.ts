/**
 * A file backend's stack files name its stacks as the CLI lays them out (project-scoped
 * layout): checkpoints in JSON or YAML, compressed or not, once each; `.bak` and `.attrs`
 * copies, nested folders, legacy files without a project and history are not stacks. A
 * backend that is not a file backend, or has no stack folder, gives no list.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { fileBackendOf } from "../../src/stack/file-backend";

const dir = mkdtempSync(join(tmpdir(), "stack-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files = [
  "stacks/web/prod.json",
  "stacks/web/prod.json.bak",
  "stacks/app/dev.json.gz",
  "stacks/app/dev.json.attrs",
  "stacks/app/qa.yaml.zst",
  "stacks/app/prod.json",
  "stacks/app/prod.json.gz",
  "stacks/legacy.json",
  "stacks/app/deep/x.json",
  "history/app/prod/prod-1.checkpoint.json",
];
for (const f of files) {
  mkdirSync(join(dir, ".pulumi", f, ".."), { recursive: true });
  writeFileSync(join(dir, ".pulumi", f), "");
}
const backendAt = (url: string) =>
  fileBackendOf({ bin: "/nonexistent/pulumi", cwd: dir, env: { PULUMI_BACKEND_URL: url } });

test("the stack files name their stacks, fully qualified and sorted, once each", async () => {
  expect(await backendAt(`file://${dir}`).stacks()).toEqual([
    "organization/app/dev",
    "organization/app/prod",
    "organization/app/qa",
    "organization/web/prod",
  ]);
});

test("a backend that is not a file backend, or a directory without stacks, gives no list", async () => {
  expect(await backendAt("s3://bucket/state").stacks()).toBeUndefined();
  expect(await backendAt(`file://${join(dir, "nothing-here")}`).stacks()).toBeUndefined();
});
