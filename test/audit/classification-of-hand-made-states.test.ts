/** The audit's rules on hand-made states of both doors: managed, unmanaged, conflicts, missing, unreadable. */
import { describe, expect, it } from "vitest";
import { classify, failingFindings, holdings } from "../../src/audit/classify";
import type { StateResource } from "../../src/stack/state-resource";

const PLUGIN_MONITOR = "uptime:index:Monitor";
const PLUGIN_INCIDENT = "uptime:index:Incident";
const DYN_MONITOR = "pulumi-nodejs:dynamic/uptime:Monitor";
const DYN_INCIDENT = "pulumi-nodejs:dynamic/uptime:Incident";

const urn = (stack: string, type: string, name: string) => `urn:pulumi:${stack.split("/")[2]}::app::${type}::${name}`;
function res(stack: string, type: string, name: string, id: string, extra: Partial<StateResource> = {}): StateResource {
  return { urn: urn(stack, type, name), type, id, custom: true, ...extra };
}

const A = "organization/app/a";
const B = "organization/app/b";
const account = {
  monitors: [
    { id: 1, name: "api", url: "https://api.example.com" },
    { id: 2, name: "web", url: "https://web.example.com" },
    { id: 3, name: "hand-made", url: "https://hand.example.com" },
  ],
  incidents: [
    { id: 10, monitor_id: 1 },
    { id: 11, monitor_id: 2 },
  ],
};

describe("audit classification", () => {
  it("reads both doors' monitors and incidents, and skips get-resources, pending deletes and others", () => {
    const hs = holdings(A, [
      res(A, PLUGIN_MONITOR, "p", "1"),
      res(A, DYN_MONITOR, "d", "2"),
      res(A, PLUGIN_INCIDENT, "pi", "10"),
      res(A, DYN_INCIDENT, "di", "11"),
      res(A, PLUGIN_MONITOR, "read", "3", { external: true }),
      res(A, PLUGIN_MONITOR, "old", "4", { delete: true }),
      res(A, "pulumi:pulumi:Stack", "app-a", ""),
      res(A, "pulumi:providers:uptime", "default", "abc"),
      res(A, DYN_MONITOR, "legacy", "", { outputs: { monitorId: 5 } }),
      res(A, PLUGIN_MONITOR, "never-created", ""),
    ]);
    expect(hs.map((h) => `${h.kind}:${h.id}`)).toEqual([
      "monitor:1",
      "monitor:2",
      "incident:10",
      "incident:11",
      "monitor:5",
    ]);
  });

  it("sorts monitors into managed, unmanaged, conflicts (across and within stacks) and missing", () => {
    const report = classify(
      [
        {
          stack: A,
          resources: [
            res(A, PLUGIN_MONITOR, "api", "1"),
            res(A, DYN_MONITOR, "web", "2"),
            res(A, DYN_MONITOR, "web-again", "2"), // twice in one stack
            res(A, PLUGIN_INCIDENT, "outage", "10"),
          ],
        },
        {
          stack: B,
          resources: [
            res(B, DYN_MONITOR, "api", "1"), // same monitor as stack a, other door
            res(B, PLUGIN_MONITOR, "gone", "99"),
            res(B, DYN_INCIDENT, "gone-incident", "98"),
          ],
        },
        { stack: "organization/other/x", error: "failed to load checkpoint" },
      ],
      account,
    );
    expect(report.managed.map((m) => `${m.kind}:${m.id}@${m.stack}`)).toEqual([
      `incident:10@${A}`,
      `monitor:1@${A}`,
      `monitor:1@${B}`,
      `monitor:2@${A}`,
      `monitor:2@${A}`,
    ]);
    expect(report.managed[1]).toEqual({
      kind: "monitor",
      id: 1,
      name: "api",
      stack: A,
      urn: urn(A, PLUGIN_MONITOR, "api"),
    });
    expect(report.unmanaged).toEqual([{ kind: "monitor", id: 3, name: "hand-made", url: "https://hand.example.com" }]);
    expect(report.conflicts).toEqual([
      {
        kind: "monitor",
        id: 1,
        name: "api",
        stacks: [A, B],
        urns: [urn(A, PLUGIN_MONITOR, "api"), urn(B, DYN_MONITOR, "api")],
      },
      {
        kind: "monitor",
        id: 2,
        name: "web",
        stacks: [A, A],
        urns: [urn(A, DYN_MONITOR, "web"), urn(A, DYN_MONITOR, "web-again")],
      },
    ]);
    expect(report.missing).toEqual([
      { kind: "incident", stack: B, urn: urn(B, DYN_INCIDENT, "gone-incident"), id: "98" },
      { kind: "monitor", stack: B, urn: urn(B, PLUGIN_MONITOR, "gone"), id: "99" },
    ]);
    expect(report.unreadable).toEqual([{ stack: "organization/other/x", reason: "failed to load checkpoint" }]);
  });

  it("conflicts on incidents too, and lists unheld incidents only when asked", () => {
    const states = [
      { stack: A, resources: [res(A, PLUGIN_INCIDENT, "i", "10"), res(A, PLUGIN_MONITOR, "m", "1")] },
      { stack: B, resources: [res(B, DYN_INCIDENT, "i", "10")] },
    ];
    const report = classify(states, account);
    expect(report.conflicts.map((c) => [c.kind, c.id, c.stacks])).toEqual([["incident", 10, [A, B]]]);
    expect(report.unmanaged.map((u) => `${u.kind}:${u.id}`)).toEqual(["monitor:2", "monitor:3"]);
    const withIncidents = classify(states, account, { unmanagedIncidents: true });
    expect(withIncidents.unmanaged.map((u) => `${u.kind}:${u.id}`)).toEqual(["incident:11", "monitor:2", "monitor:3"]);
    expect(withIncidents.unmanaged[0]).toMatchObject({ name: 'incident 11 of "web"', url: "https://web.example.com" });
  });

  it("fails only on the findings named", () => {
    const clean = classify([{ stack: A, resources: [res(A, PLUGIN_MONITOR, "m", "1")] }], {
      monitors: [account.monitors[0]],
      incidents: [],
    });
    expect(failingFindings(clean, ["unmanaged", "conflict", "missing", "unreadable"])).toEqual([]);
    const dirty = classify([{ stack: A, resources: [res(A, PLUGIN_MONITOR, "gone", "99")] }], account);
    expect(failingFindings(dirty, ["conflict"])).toEqual([]);
    expect(failingFindings(dirty, ["unmanaged", "conflict", "missing"])).toEqual(["unmanaged", "missing"]);
  });
});
