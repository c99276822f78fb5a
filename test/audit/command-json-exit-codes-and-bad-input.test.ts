/**
 * `pulumi-uptime audit` in-process against the local server, with a stand-in `pulumi` (a
 * script answering `stack ls` and `stack export` from files), for the JSON shape, the exit
 * codes, globs, unreadable stacks, and the API key kept out of the output. The real CLI on a
 * file backend is the e2e test's.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { runAudit } from "../../src/cli/audit";
import type { CliIo } from "../../src/util/command-line";
import { selectStacks } from "../../src/audit/glob";
import { DEFAULT_API_KEY, startTestServer, type UptimeServer } from "../support/server";

let server: UptimeServer;
let dir: string;
let fake: string;
const ids: Record<string, number> = {};

function state(resources: { type: string; name: string; id: string }[]) {
  return JSON.stringify({
    version: 3,
    deployment: {
      secrets_providers: { type: "passphrase", state: { salt: "v1:x" } },
      resources: [
        { urn: "urn:pulumi:s::app::pulumi:pulumi:Stack::app-s", type: "pulumi:pulumi:Stack", custom: false },
        ...resources.map((r) => ({
          urn: `urn:pulumi:s::app::${r.type}::${r.name}`,
          type: r.type,
          id: r.id,
          custom: true,
          outputs: {
            apiKey: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:abc" },
          },
        })),
      ],
    },
  });
}

/** Writes the stand-in CLI's answers: the stack list and each stack's export (or failure). */
function backend(stacks: Record<string, string | { fail: string }>, ls?: { fail: string }) {
  const root = mkdtempSync(join(dir, "be-"));
  const lines = ["#!/bin/sh", `cd ${JSON.stringify(root)}`, 'if [ "$1 $2" = "stack ls" ]; then'];
  if (ls) lines.push(`  echo ${JSON.stringify(ls.fail)} >&2; exit 1`);
  else lines.push("  cat ls.json; exit 0");
  lines.push(
    "fi",
    'if [ "$1 $2" = "stack export" ]; then',
    '  f=$(echo "$4" | tr / _)',
    '  if [ -f "$f.err" ]; then cat "$f.err" >&2; exit 1; fi',
    '  cat "$f.json"; exit 0',
    "fi",
    "exit 3",
  );
  writeFileSync(join(root, "pulumi"), lines.join("\n") + "\n");
  chmodSync(join(root, "pulumi"), 0o755);
  // `stack ls` on a file backend without orgs may say project/stack: the audit qualifies it.
  writeFileSync(
    join(root, "ls.json"),
    JSON.stringify(Object.keys(stacks).map((name) => ({ name: name.replace(/^organization\//, "") }))),
  );
  for (const [name, s] of Object.entries(stacks)) {
    const f = name.replace(/\//g, "_");
    if (typeof s === "string") writeFileSync(join(root, `${f}.json`), s);
    else writeFileSync(join(root, `${f}.err`), s.fail);
  }
  return join(root, "pulumi");
}

async function audit(
  args: string[],
  env: NodeJS.ProcessEnv = { UPTIME_BASE_URL: server.url, UPTIME_API_KEY: DEFAULT_API_KEY },
  tty = false,
) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s), isTTY: tty },
    env: { PATH: process.env.PATH, ...env },
  };
  const code = await runAudit(["--pulumi", fake, ...args], io);
  expect(stdout + stderr).not.toContain(DEFAULT_API_KEY);
  return { code, stdout, stderr };
}

beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), "audit-unit-"));
  const client = new UptimeClient({ baseUrl: server.url, apiKey: DEFAULT_API_KEY });
  for (const name of ["shared", "only-a", "by-hand"]) {
    ids[name] = (await client.monitors.create({ name, url: `https://${name}.example.com`, interval: 60 })).id;
  }
  ids.incident = (await client.incidents.create({ monitor_id: ids["only-a"], started_at: "2026-01-01T00:00:00" })).id;
  await client.close();
  const M = "uptime:index:Monitor";
  const D = "pulumi-nodejs:dynamic/uptime:Monitor";
  fake = backend({
    "organization/app/a": state([
      { type: M, name: "shared", id: String(ids.shared) },
      { type: M, name: "only-a", id: String(ids["only-a"]) },
      { type: "uptime:index:Incident", name: "outage", id: String(ids.incident) },
    ]),
    "organization/app/b": state([
      { type: D, name: "shared", id: String(ids.shared) },
      { type: D, name: "deleted", id: "424242" },
    ]),
    "organization/app/broken": { fail: "error: failed to load checkpoint: invalid character 'n'" },
    "organization/other/c": "{not json",
    "organization/website/prod": state([]),
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("pulumi-uptime audit", () => {
  it("prints the findings as one JSON object and exits 1 on a conflict by default", async () => {
    const r = await audit(["--json"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("failing on: conflict");
    const report = JSON.parse(r.stdout) as Record<string, unknown[]>;
    expect(Object.keys(report)).toEqual([
      "managed",
      "unmanaged",
      "conflicts",
      "missing",
      "unreadable",
      "otherServices",
      "serviceUrlUnknown",
      "caveats",
    ]);
    expect(report.managed).toContainEqual({
      kind: "monitor",
      id: ids.shared,
      name: "shared",
      stack: "organization/app/b",
      urn: "urn:pulumi:s::app::pulumi-nodejs:dynamic/uptime:Monitor::shared",
    });
    expect(report.managed).toContainEqual(expect.objectContaining({ kind: "incident", id: ids.incident }));
    expect(report.managed).toHaveLength(4);
    expect(report.unmanaged).toEqual([
      { kind: "monitor", id: ids["by-hand"], name: "by-hand", url: "https://by-hand.example.com" },
    ]);
    expect(report.conflicts).toEqual([
      {
        kind: "monitor",
        id: ids.shared,
        name: "shared",
        stacks: ["organization/app/a", "organization/app/b"],
        urns: [
          "urn:pulumi:s::app::uptime:index:Monitor::shared",
          "urn:pulumi:s::app::pulumi-nodejs:dynamic/uptime:Monitor::shared",
        ],
      },
    ]);
    expect(report.missing).toEqual([
      {
        kind: "monitor",
        stack: "organization/app/b",
        urn: "urn:pulumi:s::app::pulumi-nodejs:dynamic/uptime:Monitor::deleted",
        id: "424242",
      },
    ]);
    expect(report.unreadable).toEqual([
      { stack: "organization/app/broken", reason: "error: failed to load checkpoint: invalid character 'n'" },
      { stack: "organization/other/c", reason: expect.stringMatching(/^the exported state is not valid JSON/) },
    ]);
  });

  it("exits by --fail-on", async () => {
    expect((await audit(["--json", "--fail-on", "none"])).code).toBe(0);
    expect((await audit(["--json", "--fail-on", "missing"])).code).toBe(1);
    expect((await audit(["--json", "--fail-on", "unmanaged"])).code).toBe(1);
    expect((await audit(["--json", "--fail-on", "unreadable"])).code).toBe(1);
    expect((await audit(["--stacks", "app/a", "--fail-on", "conflict,missing,unreadable"])).code).toBe(0);
    const bad = await audit(["--fail-on", "drift"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fail-on takes unmanaged, conflict, missing, unreadable or none; got "drift"');
  });

  it("audits only the stacks the globs match, names a glob that matches nothing, and exits 2", async () => {
    const r = await audit(["--json", "--stacks", "app/*", "--stacks", "nosuch/*", "--fail-on", "none"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--stacks "nosuch/*" matches no stack of the backend');
    const report = JSON.parse(r.stdout) as { managed: { stack: string }[]; unreadable: { stack: string }[] };
    expect(new Set(report.managed.map((m) => m.stack))).toEqual(new Set(["organization/app/a", "organization/app/b"]));
    expect(report.unreadable.map((u) => u.stack)).toEqual(["organization/app/broken"]);
  });

  it("prints tables for people, naming each stack and how many uptime resources it holds", async () => {
    const r = await audit(["--fail-on", "none"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Stacks \(5\)/);
    expect(r.stdout).toMatch(/organization\/website\/prod\s+0\n/);
    expect(r.stdout).toMatch(/organization\/other\/c\s+unreadable\n/);
    expect(r.stdout).toContain("Conflicts: held by more than one resource (1)");
    expect(r.stdout).toContain("Missing: in a stack's state, gone from the account (1)");
    expect(r.stdout).not.toContain("ciphertext");
  });

  it("says, in JSON and in the table, that unmanaged may hold the unreadable stacks' monitors", async () => {
    const caveat =
      "unmanaged may hold monitors of the 2 unreadable stacks (organization/app/broken, organization/other/c): " +
      "do not delete a monitor on this report's word until every stack reads";
    const json = JSON.parse((await audit(["--json", "--fail-on", "none"])).stdout) as { caveats: string[] };
    expect(json.caveats[0]).toBe(caveat);
    const table = (await audit(["--fail-on", "none"])).stdout;
    const unmanaged = table.slice(table.indexOf("Unmanaged:"), table.indexOf("Conflicts:"));
    expect(unmanaged).toContain(`Caution: ${caveat}.`);
    const readable = JSON.parse((await audit(["--json", "--fail-on", "none", "--stacks", "app/a"])).stdout) as {
      caveats: string[];
    };
    expect(readable.caveats.filter((c) => c.startsWith("unmanaged"))).toEqual([]);
  });

  it("shows progress on stderr on a terminal with many stacks, and nothing in a pipe", async () => {
    const tty = await audit(["--json", "--fail-on", "none"], undefined, true);
    expect(tty.stderr).toContain("Reading stacks: 5 of 5");
    expect(JSON.parse(tty.stdout)).toHaveProperty("managed");
    expect((await audit(["--json", "--fail-on", "none"])).stderr).toBe("");
    const few = await audit(["--json", "--fail-on", "none", "--stacks", "app/*"], undefined, true);
    expect(few.stderr).toBe("");
  });

  it("exits 2 on missing settings, a wrong key, or a backend the CLI cannot reach", async () => {
    const none = await audit(["--json"], {});
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/UPTIME_BASE_URL|UPTIME_API_KEY/);
    const wrongKey = await audit(["--json"], { UPTIME_BASE_URL: server.url, UPTIME_API_KEY: "wrong-key-123" });
    expect(wrongKey.code).toBe(2);
    expect(wrongKey.stderr).toContain(`cannot read the account at ${server.url}: GET /api/v1/monitors`);
    expect(wrongKey.stderr + wrongKey.stdout).not.toContain("wrong-key-123");
    fake = backend({}, { fail: "error: could not reach postgres://admin:hunter2@db.example.com/state" });
    const unreachable = await audit(["--json", "--backend", "postgres://admin:hunter2@db.example.com/state"]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toContain("cannot list the stacks of postgres://***@db.example.com/state");
    expect(unreachable.stderr).not.toContain("hunter2");
  });
});

describe("--stacks globs", () => {
  it("matches globs per segment", () => {
    // Whether `--stacks glob` selects `stack`; a glob that selects nothing is reported unmatched.
    const matches = (glob: string, stack: string): boolean => {
      const { selected, unmatched } = selectStacks([stack], [glob]);
      expect(unmatched).toEqual(selected.length ? [] : [glob]);
      return selected.includes(stack);
    };
    expect(matches("prod*", "acme/app/production")).toBe(true);
    expect(matches("app/*", "acme/app/dev")).toBe(true);
    expect(matches("acme/*", "acme/app/dev")).toBe(false);
    expect(matches("acme/**", "acme/app/dev")).toBe(true);
    expect(matches("*/a?p/d.v", "o/app/dxv")).toBe(false);
    expect(selectStacks(["o/a/x", "o/b/y"], [])).toEqual({ selected: ["o/a/x", "o/b/y"], unmatched: [] });
  });
});
