/**
 * A stack whose provider points at another service URL holds another account's monitors: the
 * audit reads the URL from the provider's inputs in the state (no passphrase needed) and lists
 * those resources apart, never as managed, missing or conflicting in the audited account, even
 * where their ids collide with its own.
 */
import { describe, expect, it } from "vitest";
import { classify } from "../../src/audit/classify";
import { readStack } from "../../src/audit/read-stack";
import { exportOf, standInPulumi } from "../support/stand-in-pulumi";

const ACCOUNT = "https://uptime.example.com";
const account = {
  monitors: [{ id: 1, name: "api", url: "https://api.example.com" }],
  incidents: [],
};
const monitor = (stack: string, name: string, id: string, provider: string) => ({
  urn: `urn:pulumi:${stack}::app::uptime:index:Monitor::${name}`,
  type: "uptime:index:Monitor",
  id,
  custom: true,
  provider,
});

describe("resources of another service", () => {
  it("are listed apart, not as managed, missing or conflicts of the audited account", () => {
    const report = classify(
      [
        { stack: "o/app/prod", resources: [{ ...monitor("prod", "api", "1", "p::1"), serviceUrl: `${ACCOUNT}/` }] },
        {
          stack: "o/app/eu",
          resources: [
            { ...monitor("eu", "api", "1", "p::2"), serviceUrl: "https://eu.uptime.example.com" },
            { ...monitor("eu", "gone", "99", "p::2"), serviceUrl: "https://eu.uptime.example.com" },
          ],
        },
      ],
      account,
      { serviceUrl: ACCOUNT },
    );
    expect(report.managed.map((m) => m.stack)).toEqual(["o/app/prod"]);
    expect(report.conflicts).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(report.otherServices).toEqual([
      {
        kind: "monitor",
        id: "1",
        stack: "o/app/eu",
        urn: "urn:pulumi:eu::app::uptime:index:Monitor::api",
        serviceUrl: "https://eu.uptime.example.com",
      },
      {
        kind: "monitor",
        id: "99",
        stack: "o/app/eu",
        urn: "urn:pulumi:eu::app::uptime:index:Monitor::gone",
        serviceUrl: "https://eu.uptime.example.com",
      },
    ]);
  });

  it("take their service URL from their provider's inputs in the state", async () => {
    const provider = "urn:pulumi:eu::app::pulumi:providers:uptime::eu-account";
    const pulumi = standInPulumi({
      "stack export": exportOf([
        { urn: provider, type: "pulumi:providers:uptime", id: "7", inputs: { baseUrl: "https://eu.example.com" } },
        monitor("eu", "api", "1", `${provider}::7`),
        monitor("eu", "plain", "2", "urn:pulumi:eu::app::pulumi:providers:uptime::default::8"),
      ]),
    });
    try {
      const read = await readStack({ bin: pulumi.bin, cwd: pulumi.dir, env: {} }, "o/app/eu");
      expect("resources" in read && read.resources.map((r) => [r.urn.split("::").pop(), r.serviceUrl])).toEqual([
        ["api", "https://eu.example.com"],
        ["plain", undefined],
      ]);
    } finally {
      pulumi.remove();
    }
  });
});
