/**
 * The service compares monitor names ignoring case and accents and refuses a second monitor
 * of the same name: two vendor monitors that differ only so (or that collide once cut to
 * the length limit, or once a nameless one takes its URL) would make a program whose `up`
 * fails half way. The later ones get a distinct name, and the report says so.
 */
import { describe, expect, it } from "vitest";
import { mapMonitors } from "../../src/migrate/map";
import type { SourceMonitor } from "../../src/migrate/source";
import { sourceMonitor } from "./helpers";
import { nameKey } from "../../src/util/monitor-names";

const source = (ref: string, over: Partial<SourceMonitor> = {}) => sourceMonitor({ ref, ...over });
const names = (m: ReturnType<typeof mapMonitors>) =>
  m.plan.monitors.map((pm) => Object.fromEntries(pm.args).name as string);

describe("monitor names the service would take for one", () => {
  it("keeps the first and gives the later ones a numbered name, approximated with the reason", () => {
    const m = mapMonitors({
      monitors: [
        source("line 2", { name: "Café API" }),
        source("line 3", { name: "cafe api" }),
        source("line 4", { name: "CAFÉ API" }),
      ],
      others: [],
    });
    expect(names(m)).toEqual(["Café API", "cafe api (2)", "CAFÉ API (3)"]);
    expect(m.monitors[0]).toMatchObject({ outcome: "mapped", changes: [] });
    expect(m.monitors[1]).toMatchObject({ outcome: "approximated" });
    expect(m.monitors[1].changes).toEqual([
      'name "cafe api" → "cafe api (2)": the service takes it for the name of line 2 (it compares names ignoring case and accents)',
    ]);
    expect(new Set(names(m).map(nameKey)).size).toBe(3);
  });

  it("keeps a numbered name within the length limit", () => {
    const long = "x".repeat(140);
    const m = mapMonitors({ monitors: [source("a", { name: long }), source("b", { name: long })], others: [] });
    const [first, second] = names(m);
    expect(first).toHaveLength(128);
    expect(second).toHaveLength(128);
    expect(second.endsWith(" (2)")).toBe(true);
    expect(nameKey(second)).not.toBe(nameKey(first));
  });

  it("makes distinct the URL two nameless monitors take as their name", () => {
    const m = mapMonitors({ monitors: [source("a", { name: "" }), source("b", { name: " " })], others: [] });
    expect(names(m)).toEqual(["https://site.example.com/", "https://site.example.com/ (2)"]);
  });

  it("leaves names that differ as the service compares them alone", () => {
    const m = mapMonitors({ monitors: [source("a", { name: "API" }), source("b", { name: "API v2" })], others: [] });
    expect(names(m)).toEqual(["API", "API v2"]);
    expect(m.monitors.map((e) => e.outcome)).toEqual(["mapped", "mapped"]);
  });
});
