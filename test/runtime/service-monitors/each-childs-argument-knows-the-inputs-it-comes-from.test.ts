/**
 * Where each argument of a planned ServiceMonitors child comes from (plan-children.ts): the
 * input paths recorded per argument, which decide whether the child's value is secret, and
 * `fromSecret`, which reads them against the secret input paths.
 */
import { describe, expect, it } from "vitest";
import { fromSecret, planServiceMonitors } from "../../../src/runtime/service-monitors/plan-children";
import { UNKNOWN } from "../../../src/runtime/unknowns";
import { LAYERED_GROUP } from "./helpers";

const ctx = { component: "shop", stack: "prod", defaultInterval: true };

describe("sources", () => {
  it("each argument names the inputs its value comes from, a check's own before the group's", () => {
    const plan = planServiceMonitors({ ...LAYERED_GROUP, environment: "staging", domainAlertDays: 30 }, ctx);
    const [own, group] = plan.monitors;
    expect(own.sources).toEqual({
      name: ["service", "environment"],
      url: ["baseUrl", "checks.own.path"],
      requestMethod: ["checks.own.method"],
      alertCondition: [],
      alertTextLookup: ["checks.own.expectText"],
      interval: ["checks.own.interval"],
      requestHeaders: ["checks.own.requestHeaders"],
      paused: ["checks.own.paused"],
      alerts: ["alerts"],
      sslAlertDays: ["sslAlertDays"],
      domainAlertDays: ["domainAlertDays"],
      requestAuthUsername: ["checks.own.basicAuth"],
      requestAuthPassword: ["checks.own.basicAuth"],
    });
    expect(own.args).toMatchObject({ alertCondition: "url_no_text", alertTextLookup: "ok", requestMethod: "HEAD" });
    expect(group.sources).toMatchObject({
      interval: ["interval"],
      requestHeaders: ["requestHeaders"],
      paused: ["paused"],
      alertTextLookup: ["checks.group.forbidText"],
      alertCondition: [],
    });
    expect(group.args).toMatchObject({
      alertCondition: "url_text",
      alertTextLookup: "error",
      paused: false,
      interval: 300,
    });
  });

  it("a name comes from the service alone when the environment is the stack's", () => {
    const plan = planServiceMonitors(
      { service: "shop", baseUrl: "https://s.example", checks: { a: { path: "/" } } },
      ctx,
    );
    expect(plan.monitors[0].sources.name).toEqual(["service"]);
    expect(plan.monitors[0].args.alertCondition).toBe("url_unavailable");
    expect(plan.monitors[0].sources).not.toHaveProperty("interval");
  });

  it("basic auth not known at preview leaves both its arguments unknown, from the check's basicAuth", () => {
    const plan = planServiceMonitors(
      { service: "shop", baseUrl: "https://s.example", checks: { a: { path: "/", basicAuth: UNKNOWN } } },
      ctx,
    );
    expect(plan.monitors[0].args).toMatchObject({ requestAuthUsername: UNKNOWN, requestAuthPassword: UNKNOWN });
    expect(plan.monitors[0].sources.requestAuthPassword).toEqual(["checks.a.basicAuth"]);
  });

  it("a service not known at preview leaves the names and the selector unknown", () => {
    const plan = planServiceMonitors(
      { service: UNKNOWN, baseUrl: "https://s.example", checks: { a: { path: "/" } } },
      ctx,
    );
    expect(plan.selector).toBe(UNKNOWN);
    expect(plan.monitors[0].args.name).toBe(UNKNOWN);
  });

  it("a base URL or path not known at preview leaves the url unknown; a trailing slash is not doubled", () => {
    const url = (baseUrl: unknown, path: unknown) =>
      planServiceMonitors({ service: "shop", baseUrl, checks: { a: { path } } }, ctx).monitors[0].args.url;
    expect(url(UNKNOWN, "/a")).toBe(UNKNOWN);
    expect(url("https://s.example", UNKNOWN)).toBe(UNKNOWN);
    expect(url("https://s.example//", "/a")).toBe("https://s.example/a");
  });

  it("a renamed check keeps its former child as an alias", () => {
    const plan = planServiceMonitors(
      { service: "shop", baseUrl: "https://s.example", checks: { fresh: { path: "/", formerly: "old" } } },
      ctx,
    );
    expect(plan.monitors[0].formerResourceName).toBe("shop-old");
    const plain = planServiceMonitors(
      { service: "shop", baseUrl: "https://s.example", checks: { a: { path: "/" } } },
      ctx,
    );
    expect(plain.monitors[0]).not.toHaveProperty("formerResourceName");
  });
});

describe("fromSecret", () => {
  it("is true when a source is, holds or lies within a secret input path", () => {
    const secret = new Set(["checks.a.basicAuth", "requestHeaders"]);
    expect(fromSecret(["checks.a.basicAuth"], secret)).toBe(true);
    expect(fromSecret(["requestHeaders.0.value"], secret)).toBe(true);
    expect(fromSecret(["checks.a"], secret)).toBe(true);
    expect(fromSecret(["checks.ab"], secret)).toBe(false);
    expect(fromSecret(["requestHeadersX"], secret)).toBe(false);
    expect(fromSecret(["baseUrl", "checks.a.path"], secret)).toBe(false);
  });

  it("is false with no secret paths or no sources", () => {
    expect(fromSecret(["baseUrl"], new Set())).toBe(false);
    expect(fromSecret([], new Set(["baseUrl"]))).toBe(false);
  });
});
