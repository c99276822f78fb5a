/**
 * A dynamic resource records its service URL in its outputs (written by create and update);
 * the audit reads it there, lists one of another service apart, and counts one whose state
 * records none (last written before the record existed) as the audited account's, saying so
 * in JSON (`serviceUrlUnknown`, `caveats`) and in the table.
 */
import { describe, expect, it } from "vitest";
import { classify } from "../../src/audit/classify";
import { readStack } from "../../src/audit/read-stack";
import { renderTable } from "../../src/audit/render-report";
import { exportOf, standInPulumi } from "../support/stand-in-pulumi";

const ACCOUNT = "http://127.0.0.1:4010";
const D = "pulumi-nodejs:dynamic/uptime:Monitor";
const dynamic = (name: string, id: string, serviceUrl?: string) => ({
  urn: `urn:pulumi:prod::app::${D}::${name}`,
  type: D,
  id,
  custom: true,
  outputs: { name, monitorId: Number(id), ...(serviceUrl ? { _serviceUrl: serviceUrl } : {}) },
});

describe("dynamic resources and their service", () => {
  it("take the URL their outputs record, and none where the state records none", async () => {
    const pulumi = standInPulumi({
      "stack export": exportOf([
        dynamic("here", "1", ACCOUNT),
        dynamic("eu", "1", "https://eu.example.com"),
        dynamic("old", "2"),
      ]),
    });
    try {
      const read = await readStack({ bin: pulumi.bin, cwd: pulumi.dir, env: {} }, "o/app/prod");
      expect("resources" in read && read.resources.map((r) => [r.urn.split("::").pop(), r.serviceUrl])).toEqual([
        ["here", ACCOUNT],
        ["eu", "https://eu.example.com"],
        ["old", undefined],
      ]);
    } finally {
      pulumi.remove();
    }
  });

  it("count as this account's without a recorded URL, listed and with a caveat in JSON and the table", () => {
    const account = {
      monitors: [
        { id: 1, name: "here", url: "https://a" },
        { id: 2, name: "old", url: "https://b" },
      ],
      incidents: [],
    };
    const report = classify(
      [
        {
          stack: "o/app/prod",
          resources: [
            { ...dynamic("here", "1"), serviceUrl: ACCOUNT },
            { ...dynamic("eu", "1"), serviceUrl: "https://eu.example.com" },
            dynamic("old", "2"),
          ],
        },
      ],
      account,
      { serviceUrl: `${ACCOUNT}/` },
    );
    expect(report.managed.map((m) => m.id)).toEqual([1, 2]);
    expect(report.conflicts).toEqual([]);
    expect(report.otherServices.map((o) => o.urn)).toEqual([`urn:pulumi:prod::app::${D}::eu`]);
    expect(report.serviceUrlUnknown).toEqual([
      { kind: "monitor", id: "2", stack: "o/app/prod", urn: `urn:pulumi:prod::app::${D}::old` },
    ]);
    const caveat =
      "1 resource of o/app/prod record no service URL in their state (dynamic resources not created or updated " +
      "since the URL was recorded, or a provider whose URL came from UPTIME_BASE_URL): counted as this account's; " +
      "if one is another account's, its findings here are wrong";
    expect(report.caveats).toEqual([caveat]);
    const table = renderTable(report, [{ stack: "o/app/prod", resources: 3 }]);
    expect(table).toContain("Service URL not recorded: counted as this account's (1)");
    expect(table).toContain(`Caution: ${caveat}.`);
  });

  it("leave the report without that section when every state records its service", () => {
    const report = classify(
      [{ stack: "o/app/prod", resources: [{ ...dynamic("here", "1"), serviceUrl: ACCOUNT }] }],
      { monitors: [{ id: 1, name: "here", url: "https://a" }], incidents: [] },
      { serviceUrl: ACCOUNT },
    );
    expect(report.serviceUrlUnknown).toEqual([]);
    expect(report.caveats).toEqual([]);
    expect(renderTable(report, [{ stack: "o/app/prod", resources: 1 }])).not.toContain("Service URL not recorded");
  });
});
