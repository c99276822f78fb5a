/**
 * The monitor's mapping between the program and the API (monitor/monitor-props.ts), without
 * a request: a create sends only what holds a value; an update sends the changed fields,
 * each with the fields the service validates with it, an emptied one as its default or null;
 * a read gives the program's names, the write-only password never among them.
 */
import { describe, expect, it } from "vitest";
import {
  fromApi,
  toCreateBody,
  toOutputs,
  toUpdateBody,
  type MonitorInputs,
} from "../../src/runtime/monitor/monitor-props";
import { readRecord, MONITOR } from "../../src/client/parse-response";
import { monitorBody } from "../client/helpers/tiny-server";

const inputs = { name: "api", url: "https://api.example", interval: 60 } as MonitorInputs;
const live = (more: Record<string, unknown> = {}) =>
  readRecord(
    MONITOR,
    { data: monitorBody({ id: 5, name: "api", url: "https://api.example", ...more }) },
    {
      method: "GET",
      path: "/",
      status: 200,
    },
    "UTC",
  );

describe("a create", () => {
  it("sends each field that holds a value under the API's name, and no empty one", () => {
    const body = toCreateBody({
      ...inputs,
      alertTextLookup: null,
      requestHeaders: [],
      alerts: [{ key: "email", value: "ops@example.com" }],
      requestAuthUsername: undefined,
    } as MonitorInputs);
    expect(body).toEqual({
      name: "api",
      url: "https://api.example",
      interval: 60,
      alerts: [{ key: "email", value: "ops@example.com" }],
    });
  });
});

describe("an update", () => {
  it("sends the changed fields, and with one of a group the whole group", () => {
    const full = {
      ...inputs,
      alertCondition: "url_text",
      alertTextLookup: "error",
      requestAuthUsername: "u",
      requestAuthPassword: "p",
    } as MonitorInputs;
    expect(toUpdateBody(full, ["interval"])).toEqual({ interval: 60 });
    expect(toUpdateBody(full, ["alertTextLookup"])).toEqual({
      alert_condition: "url_text",
      alert_text_lookup: "error",
    });
    expect(toUpdateBody(full, ["requestAuthPassword"])).toEqual({
      request_auth_username: "u",
      request_auth_password: "p",
    });
    expect(toUpdateBody(full, ["maintenanceEndAt"])).toEqual({ maintenance_start_at: null, maintenance_end_at: null });
  });

  it("sends an emptied scalar as the service's default, and any other emptied field as null", () => {
    const body = toUpdateBody({ ...inputs, requestMethod: "", alertTextLookup: "", requestHeaders: [] } as never, [
      "requestMethod",
      "sslAlertDays",
      "requestHeaders",
      "alertCondition",
    ]);
    expect(body).toEqual({
      request_method: "GET",
      ssl_alert_days: 0,
      request_headers: null,
      alert_condition: "url_unavailable",
      alert_text_lookup: null,
    });
  });

  it("adds pause only when asked", () => {
    expect(toUpdateBody(inputs, ["name"], true)).toEqual({ name: "api", pause: true });
    expect(toUpdateBody(inputs, ["name"], false)).toEqual({ name: "api", pause: false });
    expect(toUpdateBody(inputs, ["name"])).toEqual({ name: "api" });
  });
});

describe("a read", () => {
  it("gives the program's names, empty optional fields absent, computed dates null when missing", () => {
    const m = fromApi(
      live({
        request_headers: [{ key: "X", value: "1", id: 3 }],
        alerts: [{ key: "email", value: "ops@example.com", id: 4 }],
        request_auth_username: null,
        request_auth_password: "never read",
        ssl_ends_at: undefined,
      }),
    );
    expect(m).toMatchObject({
      monitorId: 5,
      name: "api",
      url: "https://api.example",
      interval: 60,
      requestHeaders: [{ key: "X", value: "1" }],
      alerts: [{ key: "email", value: "ops@example.com" }],
      requestAuthUsername: undefined,
      alertTextLookup: undefined,
      maintenanceStartAt: undefined,
      sslEndsAt: null,
      domainEndsAt: null,
    });
    expect(m).not.toHaveProperty("requestAuthPassword");
    expect(m.createdAt).toBe("2024-05-01T10:00:00");
  });

  it("a write's outputs echo the inputs and add what the service computed", () => {
    const outs = toOutputs({ ...inputs, __provider: "p" } as never, live({ status: "up" }));
    expect(outs).toMatchObject({ name: "api", interval: 60, monitorId: 5, status: "up" });
    expect(outs).not.toHaveProperty("__provider");
    expect(outs).not.toHaveProperty("requestAuthPassword");
  });
});
