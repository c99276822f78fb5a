/**
 * The schema comparison (./schema-compat.ts, which the upgrade suite runs against the
 * baseline) on hand-made schema pairs: each kind of breaking change is found and named (a
 * provider input's new or changed default among them: the SDKs would send it to every
 * recorded provider; an output no longer secret; a list input removed, retyped or required:
 * a script that lists with it breaks); additions (a new optional input, a required input made
 * optional, a new enum value, a new resource, a new list input) are not, nor an input no
 * longer marked secret.
 */
import { describe, expect, it } from "vitest";
import { breakingChanges, mayBreak, type PackageSchema } from "./schema-compat";

const base = (): PackageSchema => ({
  provider: { inputProperties: { baseUrl: { type: "string" }, timeZone: { type: "string", default: "UTC" } } },
  resources: {
    "p:index:Monitor": {
      inputProperties: {
        name: { type: "string" },
        interval: { $ref: "#/types/p:index:Interval" },
        tags: { type: "array", items: { type: "string" } },
        headers: { type: "array", items: { type: "string" }, secret: true },
      },
      requiredInputs: ["name"],
      properties: {
        monitorId: { type: "integer" },
        name: { type: "string" },
        headers: { type: "array", items: { type: "string" }, secret: true },
      },
      required: ["monitorId", "name"],
      listInputs: { properties: { search: { type: "string" }, statusPageId: { type: "integer" } } },
    },
  },
  functions: {
    "p:index:getMonitor": {
      inputs: { properties: { monitorId: { type: "integer" } }, required: ["monitorId"] },
      outputs: { properties: { status: { type: "string" } }, required: ["status"] },
    },
  },
  types: {
    "p:index:Interval": { type: "integer", enum: [{ value: 60 }, { value: 300 }] },
    "p:index:Alert": {
      type: "object",
      properties: { key: { type: "string" }, value: { type: "string" } },
      required: ["key"],
    },
  },
});

/** The changes found after `edit` mutates a copy of the base schema. */
function after(edit: (s: PackageSchema) => void) {
  const s = base();
  edit(s);
  return breakingChanges(base(), s);
}

describe("breaking changes between two schemas", () => {
  it("finds none between a schema and itself", () => {
    expect(breakingChanges(base(), base())).toEqual([]);
  });

  it.each<[string, (s: PackageSchema) => void, { where: string; what: RegExp }]>([
    [
      "a removed resource",
      (s) => delete s.resources!["p:index:Monitor"],
      { where: "p:index:Monitor", what: /resource removed/ },
    ],
    [
      "a removed function",
      (s) => delete s.functions!["p:index:getMonitor"],
      { where: "p:index:getMonitor", what: /function removed/ },
    ],
    ["a removed type", (s) => delete s.types!["p:index:Alert"], { where: "p:index:Alert", what: /type removed/ }],
    [
      "a removed input",
      (s) => delete s.resources!["p:index:Monitor"].inputProperties!.tags,
      { where: "p:index:Monitor.tags", what: /input removed/ },
    ],
    [
      "a removed output",
      (s) => delete s.resources!["p:index:Monitor"].properties!.monitorId,
      { where: "p:index:Monitor.monitorId", what: /output removed/ },
    ],
    [
      "an output no longer required",
      (s) => (s.resources!["p:index:Monitor"].required = ["name"]),
      { where: "p:index:Monitor.monitorId", what: /no longer required/ },
    ],
    [
      "a removed provider input",
      (s) => delete s.provider!.inputProperties!.baseUrl,
      { where: "provider.baseUrl", what: /input removed/ },
    ],
    [
      "a removed object property",
      (s) => delete s.types!["p:index:Alert"].properties!.value,
      { where: "p:index:Alert.value", what: /property removed/ },
    ],
    [
      "a removed enum value",
      (s) => (s.types!["p:index:Interval"].enum = [{ value: 60 }]),
      { where: "p:index:Interval", what: /enum value 300 removed/ },
    ],
    [
      "a changed input type",
      (s) => (s.resources!["p:index:Monitor"].inputProperties!.name = { type: "integer" }),
      { where: "p:index:Monitor.name", what: /type changed from string to integer/ },
    ],
    [
      "a changed element type",
      (s) => (s.resources!["p:index:Monitor"].inputProperties!.tags = { type: "array", items: { type: "integer" } }),
      { where: "p:index:Monitor.tags", what: /array<string> to array<integer>/ },
    ],
    [
      "a changed enum's underlying type",
      (s) => (s.types!["p:index:Interval"].type = "string"),
      { where: "p:index:Interval", what: /type changed/ },
    ],
    [
      "an input newly required",
      (s) => s.resources!["p:index:Monitor"].requiredInputs!.push("interval"),
      { where: "p:index:Monitor.interval", what: /input newly required/ },
    ],
    [
      "a function input newly required",
      (s) => (
        (s.functions!["p:index:getMonitor"].inputs!.properties!.extra = { type: "string" }),
        s.functions!["p:index:getMonitor"].inputs!.required!.push("extra")
      ),
      { where: "p:index:getMonitor(inputs).extra", what: /input newly required/ },
    ],
    [
      "a new provider input with a default (SDKs would send it)",
      (s) => (s.provider!.inputProperties!.maxRetries = { type: "integer", default: 7 }),
      { where: "provider.maxRetries", what: /input default 7 added/ },
    ],
    [
      "a default given to a provider input",
      (s) => (s.provider!.inputProperties!.baseUrl = { type: "string", default: "https://x" }),
      { where: "provider.baseUrl", what: /input default "https:\/\/x" added/ },
    ],
    [
      "a changed provider input default",
      (s) => (s.provider!.inputProperties!.timeZone = { type: "string", default: "Europe/Berlin" }),
      { where: "provider.timeZone", what: /default changed from "UTC" to "Europe\/Berlin"/ },
    ],
    [
      "a removed function output",
      (s) => delete s.functions!["p:index:getMonitor"].outputs!.properties!.status,
      { where: "p:index:getMonitor(outputs).status", what: /output removed/ },
    ],
    [
      "a removed list input",
      (s) => delete s.resources!["p:index:Monitor"].listInputs!.properties!.search,
      { where: "p:index:Monitor(list).search", what: /input removed/ },
    ],
    [
      "a changed list input type",
      (s) => (s.resources!["p:index:Monitor"].listInputs!.properties!.statusPageId = { type: "string" }),
      { where: "p:index:Monitor(list).statusPageId", what: /type changed from integer to string/ },
    ],
    [
      "a list input newly required",
      (s) => (s.resources!["p:index:Monitor"].listInputs!.required = ["search"]),
      { where: "p:index:Monitor(list).search", what: /input newly required/ },
    ],
    [
      "list inputs removed (List no longer declared)",
      (s) => delete s.resources!["p:index:Monitor"].listInputs,
      { where: "p:index:Monitor(list)", what: /list inputs removed/ },
    ],
    [
      "an output no longer secret",
      (s) => delete s.resources!["p:index:Monitor"].properties!.headers.secret,
      { where: "p:index:Monitor.headers", what: /output no longer secret/ },
    ],
  ])("finds %s", (_kind, edit, expected) => {
    const found = after(edit);
    expect(found).toContainEqual({ where: expected.where, what: expect.stringMatching(expected.what) });
  });

  it.each<[string, (s: PackageSchema) => void]>([
    ["a required input made optional", (s) => (s.resources!["p:index:Monitor"].requiredInputs = [])],
    ["a new optional input", (s) => (s.resources!["p:index:Monitor"].inputProperties!.paused = { type: "boolean" })],
    ["a new provider input", (s) => (s.provider!.inputProperties!.timeout = { type: "integer" })],
    [
      "a new provider input without a default in the schema",
      (s) => (s.provider!.inputProperties!.maxRetries = { type: "integer", description: "default 7" } as never),
    ],
    ["a new enum value", (s) => s.types!["p:index:Interval"].enum!.push({ value: 900 })],
    [
      "an input no longer marked secret (the provider keeps it secret from check on)",
      (s) => delete s.resources!["p:index:Monitor"].inputProperties!.headers.secret,
    ],
    ["a new list input", (s) => (s.resources!["p:index:Monitor"].listInputs!.properties!.status = { type: "string" })],
    [
      "a new resource",
      (s) =>
        (s.resources!["p:index:StatusPage"] = {
          inputProperties: { name: { type: "string" } },
          requiredInputs: ["name"],
        }),
    ],
  ])("accepts %s", (_kind, edit) => {
    expect(after(edit)).toEqual([]);
  });
});

describe("whether the version allows a break", () => {
  it("allows one only on a higher major version", () => {
    expect(mayBreak("0.1.0", "0.2.0")).toBe(false);
    expect(mayBreak("0.1.0", "0.1.1")).toBe(false);
    expect(mayBreak("0.1.0", "1.0.0")).toBe(true);
    expect(() => mayBreak("0.1.0", "next")).toThrow(/not a semantic version: "next"/);
  });
});
