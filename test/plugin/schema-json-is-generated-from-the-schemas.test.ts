/**
 * schema.json, the package schema, is the one generated from the zod schemas (run
 * `npm run generate` after changing them), and it says what the runtime enforces: types,
 * allowed values as enum types, required inputs, defaults and secrecy.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { packageSchemaText } from "../../src/plugin/package-schema";
import { INTERVALS } from "../../src/schemas";
import { OLD_FIGURES } from "../report/history";

const committed = readFileSync(resolve(__dirname, "..", "..", "schema.json"), "utf8");
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema's JSON, read freely
const schema = JSON.parse(packageSchemaText()) as any;
const monitor = schema.resources["uptime:index:Monitor"];
const incident = schema.resources["uptime:index:Incident"];

describe("schema.json", () => {
  it("is the one generated from the schemas (run `npm run generate` after changing them)", () => {
    expect(committed).toBe(packageSchemaText());
  });

  it("marks the secret inputs and outputs secret", () => {
    for (const k of ["requestAuthPassword", "alerts"]) {
      expect(monitor.inputProperties[k].secret, `input ${k}`).toBe(true);
      expect(monitor.properties[k].secret, `output ${k}`).toBe(true);
    }
    expect(monitor.inputProperties.name.secret).toBeUndefined();
    expect(schema.config.variables.apiKey.secret).toBe(true);
    expect(schema.types["uptime:index:MonitorInfo"].properties.alerts.secret).toBe(true);
  });

  it("leaves the requestHeaders inputs unmarked, so a written-out value reaches check as plain text; keeps the rest secret", () => {
    expect(monitor.inputProperties.requestHeaders.secret).toBeUndefined();
    expect(monitor.properties.requestHeaders.secret).toBe(true);
    expect(schema.types["uptime:index:MonitorInfo"].properties.requestHeaders.secret).toBe(true);
    expect(schema.types["uptime:index:MonitorDefaults"].properties.requestHeaders.secret).toBe(true);
    // A component hands its headers to its monitors, whose check does the same.
    const components = schema.resources["uptime:index:ServiceMonitors"];
    expect(components.inputProperties.requestHeaders.secret).toBeUndefined();
    expect(schema.types["uptime:index:ServiceCheck"].properties.requestHeaders.secret).toBeUndefined();
  });

  it("says what is required, allowed and defaulted", () => {
    // name is optional: omitted, the provider generates it (autonaming); interval too: the
    // provider's defaults may give it (check still requires one). Both are always outputs.
    expect(monitor.requiredInputs).toEqual(["url"]);
    expect(incident.requiredInputs).toEqual(["monitorId", "startedAt"]);
    expect(schema.types["uptime:index:Interval"].enum.map((e: { value: number }) => e.value)).toEqual([...INTERVALS]);
    expect(monitor.inputProperties.interval.$ref).toBe("#/types/uptime:index:Interval");
    expect(monitor.inputProperties.alertCondition.default).toBe("url_unavailable");
    expect(incident.inputProperties.monitorId.willReplaceOnChanges).toBe(true);
    expect(monitor.properties.monitorId.type).toBe("integer");
    expect(monitor.required).toEqual(expect.arrayContaining(["monitorId", "status", "alerts", "name"]));
    expect(Object.keys(schema.functions).sort()).toEqual([
      "uptime:index:getIncident",
      "uptime:index:getIncidents",
      "uptime:index:getMonitor",
      "uptime:index:getMonitorReport",
      "uptime:index:getMonitors",
    ]);
    // getMonitorReport returns report --json's names for a monitor, fractions as numbers.
    const report = schema.functions["uptime:index:getMonitorReport"];
    expect(Object.keys(report.outputs.properties).sort()).toEqual(Object.keys(OLD_FIGURES).sort());
    expect(Object.keys(schema.types["uptime:index:MonitorReportBudget"].properties).sort()).toEqual(
      Object.keys(OLD_FIGURES.budget!).sort(),
    );
    expect(report.outputs.properties.availability.type).toBe("number");
    expect(report.outputs.properties.downtimeSeconds.type).toBe("integer");
    expect(report.outputs.required).not.toContain("mttaSeconds");
    expect(report.inputs.properties.slo.type).toBe("number");
    expect(report.inputs.required).toEqual(["monitorId"]);
    expect(schema.config.variables.baseUrl.defaultInfo).toEqual({ environment: ["UPTIME_BASE_URL"] });
  });
});
