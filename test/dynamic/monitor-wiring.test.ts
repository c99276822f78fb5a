/**
 * Resource wiring under Pulumi's mocks: type tokens, the serialized shim, secrets, and
 * the outputs a program sees. The compiled package is loaded with Node's own require,
 * because the closure serializer cannot read code the test runner has transformed.
 */
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const pulumi = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
const uptime = require("pulumi-uptime") as typeof import("../../src/index");

type Registered = { type: string; name: string; inputs: Record<string, unknown>; id?: string };
const registered: Registered[] = [];

beforeAll(() => {
  pulumi.runtime.setMocks(
    {
      newResource(args) {
        registered.push({ type: args.type, name: args.name, inputs: args.inputs, id: args.id });
        const id = args.id || (args.type.endsWith(":Monitor") ? "42" : "9");
        const state = args.id
          ? { name: "read-back", monitorId: Number(args.id), status: "online" }
          : { ...args.inputs, monitorId: 42, incidentId: 9, status: "pending" };
        return { id, state };
      },
      call: () => ({}),
    },
    "wiring",
    "test",
    false,
  );
});

function output<T>(o: import("@pulumi/pulumi").Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => resolve(v)));
}

describe("Monitor and Incident wiring", () => {
  it("registers the documented type tokens with a serialized provider", async () => {
    const m = new uptime.Monitor("api", { name: "API health", url: "https://api.example.com", interval: 60 });
    const i = new uptime.Incident("outage", { monitorId: m.monitorId, startedAt: "2026-03-02T09:14:00" });
    await output(i.incidentId);
    const mon = registered.find((r) => r.name === "api")!;
    const inc = registered.find((r) => r.name === "outage")!;
    expect(mon.type).toBe("pulumi-nodejs:dynamic/uptime:Monitor");
    expect(inc.type).toBe("pulumi-nodejs:dynamic/uptime:Incident");
    expect(mon.inputs.__provider).toContain('require("pulumi-uptime/runtime").monitor;');
    expect(inc.inputs.__provider).toContain('require("pulumi-uptime/runtime").incident;');
    expect((mon.inputs.__provider as string).length).toBeLessThan(300);
    expect(mon.inputs.__resourceName).toBe("api");
    expect(inc.inputs.monitorId).toBe(42);
  });

  it("exposes typed outputs, declared ones not reset by class fields", async () => {
    const m = new uptime.Monitor("outputs", { name: "Outputs", url: "https://o.example.com", interval: 300 });
    expect(await output(m.monitorId)).toBe(42);
    expect(await output(m.status)).toBe("pending");
    expect(await output(m.interval)).toBe(300);
    expect(await output(m.name)).toBe("Outputs");
  });

  it("marks the password, alerts and headers secret, as inputs and as outputs", async () => {
    const m = new uptime.Monitor("secrets", {
      name: "Secrets",
      url: "https://s.example.com",
      interval: 60,
      requestAuthUsername: "probe",
      requestAuthPassword: "hunter2",
      alerts: [{ key: "slack", value: "https://hooks.slack.com/services/T/B/X" }],
      requestHeaders: [{ key: "X-Token", value: "t0ken" }],
    });
    expect(await pulumi.isSecret(m.requestAuthPassword)).toBe(true);
    expect(await pulumi.isSecret(m.alerts)).toBe(true);
    expect(await pulumi.isSecret(m.requestHeaders)).toBe(true);
    expect(await pulumi.isSecret(m.name)).toBe(false);
  });

  it("Monitor.get reads by id and exposes the read outputs", async () => {
    const m = uptime.Monitor.get("existing", "77");
    expect(await output(m.monitorId)).toBe(77);
    expect(await output(m.name)).toBe("read-back");
    const reg = registered.find((r) => r.name === "existing")!;
    expect(reg.id).toBe("77");
    expect(reg.type).toBe("pulumi-nodejs:dynamic/uptime:Monitor");
  });
});
