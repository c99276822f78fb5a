/**
 * A self-managed backend's keys name its stacks and their earlier checkpoints as the CLI lays
 * them out (project-scoped layout): checkpoints in JSON or YAML, compressed or not; `.bak`
 * copies, nested or shallow keys and other stacks' history are not taken.
 */
import { expect, test } from "vitest";
import { historyKeys, stacksOfKeys } from "../../../src/stack/store/diy-layout";

test("checkpoint keys name their stacks, fully qualified and sorted, once each", () => {
  const keys = [
    ".pulumi/stacks/web/prod.json",
    ".pulumi/stacks/web/prod.json.bak",
    ".pulumi/stacks/app/dev.json.gz",
    ".pulumi/stacks/app/dev.json.attrs",
    ".pulumi/stacks/app/qa.yaml.zst",
    ".pulumi/stacks/app/prod.json",
    ".pulumi/stacks/app/prod.json.gz",
    ".pulumi/stacks/legacy.json",
    ".pulumi/stacks/app/deep/x.json",
    ".pulumi/history/app/prod/prod-1.checkpoint.json",
  ];
  expect(stacksOfKeys(keys)).toEqual([
    "organization/app/dev",
    "organization/app/prod",
    "organization/app/qa",
    "organization/web/prod",
  ]);
});

test("a stack's history keys come newest first, gzipped ones marked, others' and .zst left out", () => {
  const h = ".pulumi/history/app/prod/";
  const keys = [
    `${h}prod-1700000000000000000.checkpoint.json`,
    `${h}prod-1900000000000000000.checkpoint.json.gz`,
    `${h}prod-1800000000000000000.history.json`,
    `${h}prod-2000000000000000000.checkpoint.json.zst`,
    `${h}prod-x-1950000000000000000.checkpoint.json`,
  ];
  expect(historyKeys(keys, "prod")).toEqual([
    { key: `${h}prod-1900000000000000000.checkpoint.json.gz`, savedNs: 1900000000000000000n, gzipped: true },
    { key: `${h}prod-1700000000000000000.checkpoint.json`, savedNs: 1700000000000000000n, gzipped: false },
  ]);
});
