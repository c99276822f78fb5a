/**
 * A TypeScript program of the dynamic resources whose monitors declare no maintenance
 * window, under the real engine and a local server:
 * - `maintenance start --stack --name-prefix` silences the stack's monitors the prefix
 *   selects (not the stack's others, not an account monitor with the prefix outside the
 *   stack); `preview --refresh --expect-no-changes` passes during the window; `end` clears it;
 * - a service that fails some of start's writes (the server's fault injection): exit 1
 *   naming the monitor, and `end` restores, from the record, what was changed.
 */
import { describe, expect, it } from "vitest";
import { ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { typescriptProject } from "./typescript-project";
import { maintenance, recordOf } from "./maintenance-cli";

const PROGRAM = `import * as uptime from "pulumi-uptime";

for (const name of ["maint ts a-1", "maint ts a-2", "maint ts other"]) {
  new uptime.Monitor(name.replace(/ /g, "-"), { name, url: "https://app.example.com/health", interval: 300 });
}
`;

describe("maintenance of a TypeScript stack", () => {
  const e2e = lifecycleStack({
    stack: { project: "maint-ts", files: typescriptProject("maint-ts", "Monitors silenced for a deploy", PROGRAM) },
    up: true,
  });
  const ids = async (...names: string[]) => Promise.all(names.map(async (n) => (await e2e.srv.api.monitorNamed(n)).id));

  it("start --stack --name-prefix silences the stack's monitors with the prefix; preview --refresh sees no change; end clears", async () => {
    const outside = await e2e.srv.api.createMonitor({
      name: "maint ts a-outside",
      url: "https://x.example.com/",
      interval: 300,
    });
    const [a1, a2, other] = await ids("maint ts a-1", "maint ts a-2", "maint ts other");
    const started = await maintenance(e2e.stack, [
      "start",
      "--stack",
      e2e.stack.stack,
      "--name-prefix",
      "maint ts a-",
      "--for",
      "20m",
    ]);
    expect(started.stderr).toBe("");
    expect(started.code).toBe(0);
    expect(
      recordOf(e2e.stack)!
        .monitors.map((m) => m.id)
        .sort(),
    ).toEqual([a1, a2].sort());
    for (const id of [a1, a2]) expect((await e2e.srv.api.monitor(id))?.status).toBe("maintenance");
    for (const id of [other, outside.id]) expect((await e2e.srv.api.monitor(id))?.maintenance_start_at).toBeNull();

    const writes = e2e.srv.server.writeCount();
    ok(await e2e.stack.preview(["--refresh", "--expect-no-changes"]));
    expect(e2e.srv.server.writeCount()).toBe(writes);

    expect((await maintenance(e2e.stack, ["end"])).code).toBe(0);
    for (const id of [a1, a2]) expect((await e2e.srv.api.monitor(id))?.maintenance_start_at).toBeNull();
  });

  it("a start the service fails half way names what it could not change, and end restores the rest", async () => {
    const all = await ids("maint ts a-1", "maint ts a-2", "maint ts other");
    e2e.srv.server.setFaults({ rate: 1, kinds: ["500"], methods: ["PATCH"], limit: 1 });
    const started = await maintenance(
      e2e.stack,
      ["start", "--stack", e2e.stack.stack, "--for", "20m", "--record", "half.json"],
      {
        UPTIME_MAX_RETRIES: "0",
      },
    );
    e2e.srv.server.setFaults(undefined);
    expect(started.code).toBe(1);
    const record = recordOf(e2e.stack, "half.json")!;
    const failed = record.monitors.filter((m) => m.outcome === "failed");
    expect(failed).toHaveLength(1);
    expect(started.stdout).toContain(`${failed[0].name} (id ${failed[0].id}): `);
    const silenced = await Promise.all(
      all.map(async (id) => (await e2e.srv.api.monitor(id))?.status === "maintenance"),
    );
    expect(silenced.filter(Boolean)).toHaveLength(2);

    const ended = await maintenance(e2e.stack, ["end", "--record", "half.json"]);
    expect(ended.code).toBe(0);
    for (const id of all) expect((await e2e.srv.api.monitor(id))?.maintenance_start_at).toBeNull();
  });
});
