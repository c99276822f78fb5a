/**
 * A ServiceMonitors child that the monitor's own check refuses (check-children.ts,
 * child-error.ts), with a stand-in check: the first refused child fails the component,
 * naming the component, the check, the child monitor and each field; a value from a secret
 * input never appears; children the check accepts pass.
 */
import { describe, expect, it } from "vitest";
import { checkChildren, type ChildCheck } from "../../../src/runtime/service-monitors/check-children";
import { ServiceMonitorsChildError } from "../../../src/runtime/service-monitors/child-error";
import { UptimeResourceError } from "../../../src/runtime/user-errors";
import type { PlannedMonitor } from "../../../src/runtime/service-monitors/plan-children";

const child = (key: string, args: Record<string, unknown>): PlannedMonitor => ({
  key,
  resourceName: `web-${key}`,
  args,
  sources: {},
});

/** Refuses a child whose url holds "bad", repeating the url in its reason, and an interval of 7. */
const check: ChildCheck = (args) => {
  const out = [];
  if (String(args.url).includes("bad"))
    out.push({ property: "url", reason: `url: ${String(args.url)} is not allowed` });
  if (args.interval === 7) out.push({ property: "interval", reason: "interval: must be one of 30, 60" });
  return out.length ? out : undefined;
};

function refusal(
  monitors: PlannedMonitor[],
  isSecret: Parameters<typeof checkChildren>[3] = () => false,
): ServiceMonitorsChildError {
  try {
    checkChildren("web", monitors, check, isSecret);
  } catch (err) {
    expect(err).toBeInstanceOf(ServiceMonitorsChildError);
    return err as ServiceMonitorsChildError;
  }
  throw new Error("no child was refused");
}

describe("checking the children", () => {
  it("passes when the check accepts every child", () => {
    expect(() => checkChildren("web", [child("a", { url: "https://ok" })], check, () => false)).not.toThrow();
    expect(() =>
      checkChildren(
        "web",
        [child("a", { url: "https://ok" })],
        () => [],
        () => false,
      ),
    ).not.toThrow();
  });

  it("fails at the first refused child, naming the component, the check, the child and each field", () => {
    const err = refusal([
      child("ok", { url: "https://ok" }),
      child("api", { url: "https://bad", interval: 7 }),
      child("later", { url: "https://bad-too" }),
    ]);
    expect(err.message).toBe(
      'ServiceMonitors "web": check "api" (monitor "web-api"): field "url": https://bad is not allowed; ' +
        'field "interval": must be one of 30, 60',
    );
    expect(err).toMatchObject({ component: "web", check: "api", child: "web-api", resource: 'ServiceMonitors "web"' });
    expect(err.fields).toEqual({ url: ["https://bad is not allowed"], interval: ["must be one of 30, 60"] });
    expect(err.name).toBe("ServiceMonitorsChildError");
    expect(err).toBeInstanceOf(UptimeResourceError);
  });

  it("withholds every value that comes from a secret input, text or not", () => {
    const secretUrl = "https://user:bad-secret@x";
    const err = refusal([child("api", { url: secretUrl, interval: 7 })], () => true);
    expect(err.message).not.toContain("bad-secret");
    expect(err.message).toContain('field "url": [secret] is not allowed');
    expect(err.message).toContain('field "interval": must be one of 30, 60');
  });

  it("asks about each argument of the refused child, and withholds only the secret ones", () => {
    const asked: string[] = [];
    const err = refusal([child("api", { url: "https://bad", name: "bad" })], (m, f) => {
      asked.push(`${m.key}.${f}`);
      return f === "name";
    });
    expect(asked).toEqual(["api.url", "api.name"]);
    expect(err.message).toContain('field "url": https://[secret] is not allowed');
  });

  it("a secret that is empty withholds nothing", () => {
    const err = refusal([child("api", { url: "https://bad", header: "" })], (_m, f) => f === "header");
    expect(err.message).toContain('field "url": https://bad is not allowed');
  });
});
