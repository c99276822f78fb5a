/**
 * The plan both doors build a ServiceMonitors from: one monitor per check, named
 * `<namePrefix><environment>/<service>/<key>`, a check's own value before the group's,
 * and nothing where neither gives one (the provider's defaults fill it later).
 */
import { describe, expect, it } from "vitest";
import { fromSecret, planServiceMonitors } from "../../../src/runtime/service-monitors/plan-children";
import { UNKNOWN } from "../../../src/runtime/unknowns";
import { LAYERED_GROUP } from "./helpers";

const ctx = { component: "checkout", stack: "prod", defaultInterval: true };
/** The plan of `group` in stack prod's component checkout. */
const planOf = (group: Parameters<typeof planServiceMonitors>[0]) => planServiceMonitors(group, ctx);

describe("planServiceMonitors", () => {
  it("names each monitor <namePrefix><environment>/<service>/<key>, the environment defaulting to the stack", () => {
    const plan = planServiceMonitors(
      { service: "checkout", baseUrl: "https://checkout.example.com", checks: { health: { path: "/health" } } },
      { ...ctx, namePrefix: "acme-" },
    );
    expect(plan.selector).toBe("acme-prod/checkout/");
    expect(plan.monitors.map((m) => [m.key, m.resourceName, m.args.name])).toEqual([
      ["health", "checkout-health", "acme-prod/checkout/health"],
    ]);
    const staging = planOf({
      service: "checkout",
      environment: "staging",
      baseUrl: "https://s.example.com",
      checks: { a: { path: "/" } },
    });
    expect(staging.monitors[0].args.name).toBe("staging/checkout/a");
  });

  it("takes a check's own value first, then the group's, and leaves out what neither gives", () => {
    const plan = planOf(LAYERED_GROUP);
    const [own, group] = plan.monitors.map((m) => m.args);
    expect(own).toEqual({
      name: "prod/shop/own",
      url: "https://shop.example.com/health",
      requestMethod: "HEAD",
      alertCondition: "url_no_text",
      alertTextLookup: "ok",
      interval: 60,
      requestHeaders: [{ key: "X-Own", value: "o" }],
      paused: true,
      alerts: [{ key: "email", value: "ops@example.com" }],
      sslAlertDays: 14,
      requestAuthUsername: "u",
      requestAuthPassword: "p",
    });
    expect(group).toEqual({
      name: "prod/shop/group",
      url: "https://shop.example.com/",
      alertCondition: "url_text",
      alertTextLookup: "error",
      interval: 300,
      requestHeaders: [{ key: "X-Group", value: "g" }],
      paused: false,
      alerts: [{ key: "email", value: "ops@example.com" }],
      sslAlertDays: 14,
    });
    const bare = planOf({ service: "s", baseUrl: "https://s.example.com", checks: { a: { path: "/" } } });
    expect(Object.keys(bare.monitors[0].args).sort()).toEqual(["alertCondition", "name", "url"]);
  });

  it("gives a renamed check its former resource name as an alias", () => {
    const plan = planOf({
      service: "s",
      baseUrl: "https://s.example.com",
      checks: { status: { path: "/", formerly: "health" } },
    });
    expect(plan.monitors[0]).toMatchObject({ resourceName: "checkout-status", formerResourceName: "checkout-health" });
  });

  it("carries unknown values into the arguments they feed and keeps the rest known", () => {
    const plan = planOf({ service: "s", baseUrl: UNKNOWN, interval: UNKNOWN, checks: { a: { path: "/x" } } });
    expect(plan.monitors[0].args).toMatchObject({ name: "prod/s/a", url: UNKNOWN, interval: UNKNOWN });
    const joined = planOf({ service: "s", baseUrl: "https://a.example.com//", checks: { a: { path: "/b" } } });
    expect(joined.monitors[0].args.url).toBe("https://a.example.com/b");
  });

  it("says which inputs an argument comes from, so that a secret input keeps it secret", () => {
    const plan = planOf({
      service: "s",
      baseUrl: "https://s.example.com",
      checks: { a: { path: "/x", basicAuth: { username: "u", password: "p" } } },
    });
    const { sources } = plan.monitors[0];
    expect(fromSecret(sources.url, new Set(["baseUrl"]))).toBe(true);
    expect(fromSecret(sources.requestAuthPassword, new Set(["checks.a.basicAuth.password"]))).toBe(true);
    expect(fromSecret(sources.name, new Set(["checks.a.basicAuth.password"]))).toBe(false);
  });
});
