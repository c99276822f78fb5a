/**
 * Declaring a monitor costs what the program needs and no more: the SDK's per-output debug
 * stack traces (read only under PULUMI_DEBUG_PROMISE_LEAKS) are not captured while a
 * resource is constructed, the limit is restored afterwards, and the variable brings them
 * back. The `__urn` input of a resource without a parent is the engine's URN, computed
 * without an Output; with a parent it still carries the parent's type.
 */
import { createRequire } from "node:module";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const pulumi = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
const uptime = require("pulumi-uptime") as typeof import("../../src/index");

const registered = new Map<string, Record<string, unknown>>();

beforeAll(() => {
  pulumi.runtime.setMocks(
    {
      newResource(args) {
        registered.set(args.name, args.inputs);
        return { id: "7", state: { ...args.inputs, monitorId: 7 } };
      },
      call: () => ({}),
    },
    "fleet",
    "dev",
    false,
  );
});

afterEach(() => {
  delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
});

/** Monitor args whose `url` records the stack-trace limit at the moment the constructor reads it. */
function spyingArgs(seen: number[]): import("../../src/index").MonitorArgs {
  return {
    name: "spy",
    interval: 60,
    get url() {
      seen.push(Error.stackTraceLimit);
      return "https://spy.example.com";
    },
  };
}

function settled(name: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const poll = () => (registered.has(name) ? resolve(registered.get(name)!) : setTimeout(poll, 5));
    poll();
  });
}

describe("constructing a Monitor", () => {
  it("captures no stack traces while constructing, and restores the limit afterwards", () => {
    const before = Error.stackTraceLimit;
    const seen: number[] = [];
    new uptime.Monitor("quiet", spyingArgs(seen));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((limit) => limit === 0)).toBe(true);
    expect(Error.stackTraceLimit).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it("keeps the traces when PULUMI_DEBUG_PROMISE_LEAKS asks for them", () => {
    process.env.PULUMI_DEBUG_PROMISE_LEAKS = "true";
    const before = Error.stackTraceLimit;
    const seen: number[] = [];
    new uptime.Monitor("debugged", spyingArgs(seen));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((limit) => limit === before)).toBe(true);
  });

  it("restores the limit when an Incident's constructor throws", () => {
    const before = Error.stackTraceLimit;
    const args = {
      get monitorId(): never {
        throw new Error("args unreadable");
      },
      startedAt: "2026-03-02T09:14:00",
    };
    expect(() => new uptime.Incident("broken", args as never)).toThrow("args unreadable");
    expect(Error.stackTraceLimit).toBe(before);
  });

  it("registers the engine's URN as __urn, with a parent's type when there is one", async () => {
    new uptime.Monitor("top", { name: "top", url: "https://top.example.com", interval: 60 });
    const parent = new pulumi.ComponentResource("acme:index:Group", "group");
    new uptime.Monitor("child", { name: "child", url: "https://child.example.com", interval: 60 }, { parent });
    expect((await settled("top")).__urn).toBe("urn:pulumi:dev::fleet::pulumi-nodejs:dynamic/uptime:Monitor::top");
    expect((await settled("child")).__urn).toBe(
      "urn:pulumi:dev::fleet::acme:index:Group$pulumi-nodejs:dynamic/uptime:Monitor::child",
    );
  });
});
