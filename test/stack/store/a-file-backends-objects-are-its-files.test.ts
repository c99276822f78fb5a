/**
 * A `file://` backend's store lists the files under a prefix at any depth and reads them;
 * a missing folder lists nothing and a missing file reads as undefined.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { fileStore } from "../../../src/stack/store/file-store";
import { openBackendStore } from "../../../src/stack/store/open-store";

const dir = mkdtempSync(join(tmpdir(), "file-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, ".pulumi", "stacks", "app"), { recursive: true });
writeFileSync(join(dir, ".pulumi", "stacks", "app", "prod.json"), "{}");
writeFileSync(join(dir, ".pulumi", "meta.yaml"), "version: 1\n");

test("keys under a prefix at any depth, relative to the backend's directory", async () => {
  const store = fileStore(`file://${dir}`)!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect((await store.list(".pulumi/")).sort()).toEqual([".pulumi/meta.yaml", ".pulumi/stacks/app/prod.json"]);
  expect(await store.list(".pulumi/stacks/ap")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect(await store.list(".pulumi/history/")).toEqual([]);
});

test("an object reads as its bytes, a missing one as undefined", async () => {
  const store = fileStore(`file://${dir}`)!;
  expect((await store.read(".pulumi/stacks/app/prod.json"))?.toString()).toBe("{}");
  expect(await store.read(".pulumi/stacks/app/dev.json")).toBeUndefined();
});

test("the store is chosen by the URL's scheme; Pulumi Cloud has none", () => {
  expect(openBackendStore(`file://${dir}`, {})?.where).toBe(`file://${dir}`);
  expect(openBackendStore("https://api.pulumi.com", {})).toBeUndefined();
});
