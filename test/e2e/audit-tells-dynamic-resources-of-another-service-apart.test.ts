/**
 * The dynamic door records the service each monitor was written to (`_serviceUrl` in its
 * outputs, without credentials), so `pulumi-uptime audit` of another account lists the
 * stack's monitor apart instead of taking it for that account's monitor of the same id. A
 * state from before the record (the URL stripped from an exported state, imported back)
 * previews and refreshes with no change, and the audit counts its monitor as the audited
 * account's with a caveat; the next update records the URL. Real engine, file backend.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, byName, ok } from "./harness";
import { runAuditCli } from "./audit-cli";
import { startE2EServer, type E2EServer } from "./api";

const NAME = "e2e audit dynamic service";
const D = "pulumi-nodejs:dynamic/uptime:Monitor";

interface Report {
  managed: { id: number; urn: string }[];
  unmanaged: { id: number; name: string }[];
  missing: unknown[];
  conflicts: unknown[];
  otherServices: { kind: string; id: string; stack: string; urn: string; serviceUrl: string }[];
  serviceUrlUnknown: { kind: string; id: string; stack: string; urn: string }[];
  caveats: string[];
}

describe("the audit and the dynamic door's service URL", () => {
  let own: E2EServer;
  let other: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    own = await startE2EServer();
    other = await startE2EServer();
  });
  afterAll(async () => {
    stack?.dispose();
    await own?.close();
    await other?.close();
  });

  it("lists another account's dynamic monitor apart, and says when an old state records no URL", async () => {
    stack = await E2EStack.create({
      project: "claims",
      server: own,
      config: { "fixture:monitors": JSON.stringify([{ resource: "api", name: NAME }]) },
    });
    ok(await stack.up());
    const full = `organization/e2e-claims/${stack.stack}`;
    const monitor = byName(await stack.resources(), "api");
    expect(monitor.type).toBe(D);
    expect(monitor.outputs?._serviceUrl).toBe(own.url.replace(/\/+$/, ""));
    const id = Number(monitor.id);

    // The other account holds a monitor of the same id, made by hand.
    let byHand = await other.api.createMonitor({
      name: "other by hand",
      url: "https://other.example.com/",
      interval: 60,
    });
    for (let i = 0; byHand.id < id && i < 10; i++)
      byHand = await other.api.createMonitor({
        name: "other by hand",
        url: "https://other.example.com/",
        interval: 60,
      });
    expect(byHand.id).toBe(id);

    const audited = await runAuditCli(stack, other, ["--json", "--fail-on", "none"]);
    expect(audited.code, audited.stderr).toBe(0);
    const apart = JSON.parse(audited.stdout) as Report;
    expect(apart.managed).toEqual([]);
    expect(apart.missing).toEqual([]);
    expect(apart.otherServices).toEqual([
      { kind: "monitor", id: String(id), stack: full, urn: monitor.urn, serviceUrl: own.url.replace(/\/+$/, "") },
    ]);
    expect(apart.unmanaged.map((m) => m.id)).toContain(byHand.id);
    expect(apart.serviceUrlUnknown).toEqual([]);

    // A state written before the record: the same state without `_serviceUrl`.
    const { json } = await stack.stackExport();
    for (const r of json.deployment.resources ?? [])
      delete (r.outputs as Record<string, unknown> | undefined)?._serviceUrl;
    const file = join(stack.home, "old-state.json");
    writeFileSync(file, JSON.stringify(json));
    await stack.mustRun(["stack", "import", "--file", file, "--stack", stack.stack, "--non-interactive"]);
    expect(byName(await stack.resources(), "api").outputs?._serviceUrl).toBeUndefined();
    ok(await stack.preview(["--expect-no-changes"]));
    ok(await stack.refresh(["--expect-no-changes"]));
    expect(byName(await stack.resources(), "api").outputs?._serviceUrl).toBeUndefined();

    const unknown = await runAuditCli(stack, own, ["--json", "--fail-on", "none"]);
    const counted = JSON.parse(unknown.stdout) as Report;
    expect(counted.managed).toEqual([expect.objectContaining({ id, urn: monitor.urn })]);
    expect(counted.serviceUrlUnknown).toEqual([{ kind: "monitor", id: String(id), stack: full, urn: monitor.urn }]);
    expect(counted.caveats).toEqual([expect.stringContaining(`1 resource of ${full} record no service URL`)]);
    const table = await runAuditCli(stack, own, ["--fail-on", "none"]);
    expect(table.stdout).toContain("Service URL not recorded: counted as this account's (1)");

    // The next update records it again.
    await stack.setConfig("fixture:monitors", JSON.stringify([{ resource: "api", name: `${NAME} renamed` }]));
    ok(await stack.up());
    expect(byName(await stack.resources(), "api").outputs?._serviceUrl).toBe(own.url.replace(/\/+$/, ""));
    for (const r of [audited, unknown, table]) expect(r.stdout + r.stderr).not.toContain(own.apiKey);
  });
});
