/** The project in a directory: Pulumi.yaml or Pulumi.yml, its name, its runtime in either form. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { isProjectDir, projectName, projectRuntime } from "../../src/stack/project";

const root = mkdtempSync(join(tmpdir(), "stack-project-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dirWith = (file: string, text: string) => {
  const dir = mkdtempSync(join(root, "p-"));
  writeFileSync(join(dir, file), text);
  return dir;
};

test("a Pulumi.yaml names the project and its runtime", () => {
  const dir = dirWith("Pulumi.yaml", "name: shop\nruntime: yaml\n");
  expect([isProjectDir(dir), projectName(dir), projectRuntime(dir)]).toEqual([true, "shop", "yaml"]);
});

test("a Pulumi.yml with a runtime object counts too", () => {
  const dir = dirWith("Pulumi.yml", "name: shop\nruntime:\n  name: python\n  options: { toolchain: pip }\n");
  expect([isProjectDir(dir), projectName(dir), projectRuntime(dir)]).toEqual([true, "shop", "python"]);
});

test("no project file, or one that is not YAML, gives nothing", () => {
  const broken = dirWith("Pulumi.yaml", "name: [unclosed\n");
  expect([isProjectDir(root), projectName(root), projectRuntime(root)]).toEqual([false, undefined, undefined]);
  expect([isProjectDir(broken), projectName(broken), projectRuntime(broken)]).toEqual([true, undefined, undefined]);
});
