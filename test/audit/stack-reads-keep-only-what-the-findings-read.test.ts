/**
 * `readStack` of a large backend keeps in memory only what the findings read: the four uptime
 * resource types, with their URN, type, id, flags and the service's id among the outputs;
 * every other resource, input and output (secrets' ciphertext, `__provider`) is dropped, and
 * the holdings are what the whole state gives.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { holdings } from "../../src/audit/classify";
import { readStack } from "../../src/audit/read-stack";
import type { StateResource } from "../../src/stack/state-resource";

const dir = mkdtempSync(join(tmpdir(), "audit-read-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const urn = (type: string, name: string) => `urn:pulumi:s::app::${type}::${name}`;
const RESOURCES: StateResource[] = [
  { urn: urn("pulumi:pulumi:Stack", "app-s"), type: "pulumi:pulumi:Stack", custom: false },
  {
    urn: urn("pulumi-nodejs:dynamic/uptime:Monitor", "api"),
    type: "pulumi-nodejs:dynamic/uptime:Monitor",
    id: "11",
    custom: true,
    outputs: { monitorId: 11, name: "api", __provider: "exports.handler = ...", alerts: { ciphertext: "v1:x" } },
  },
  {
    urn: urn("uptime:index:Incident", "outage"),
    type: "uptime:index:Incident",
    id: "",
    custom: true,
    outputs: { incidentId: 7, name: "outage" },
  },
  { urn: urn("uptime:index:Monitor", "read"), type: "uptime:index:Monitor", id: "12", custom: true, external: true },
  { urn: urn("uptime:index:Monitor", "old"), type: "uptime:index:Monitor", id: "13", custom: true, delete: true },
  { urn: urn("random:index:RandomId", "r"), type: "random:index:RandomId", id: "abc", custom: true, outputs: {} },
];

it("keeps the uptime resources with the fields the findings read, and the same holdings", async () => {
  writeFileSync(join(dir, "state.json"), JSON.stringify({ version: 3, deployment: { resources: RESOURCES } }));
  const bin = join(dir, "pulumi");
  writeFileSync(bin, `#!/bin/sh\ncat ${JSON.stringify(join(dir, "state.json"))}\n`);
  chmodSync(bin, 0o755);

  const read = await readStack({ bin, env: process.env, cwd: dir }, "organization/app/s");
  if ("error" in read) throw new Error(read.error);
  expect(read.resources.map((r) => r.type)).toEqual([
    "pulumi-nodejs:dynamic/uptime:Monitor",
    "uptime:index:Incident",
    "uptime:index:Monitor",
    "uptime:index:Monitor",
  ]);
  expect(read.resources[0].outputs).toEqual({ monitorId: 11 });
  expect(read.resources[1].outputs).toEqual({ incidentId: 7 });
  expect(holdings("organization/app/s", read.resources)).toEqual(holdings("organization/app/s", RESOURCES));
  expect(holdings("organization/app/s", read.resources).map((h) => h.id)).toEqual(["11", "7"]);
});
