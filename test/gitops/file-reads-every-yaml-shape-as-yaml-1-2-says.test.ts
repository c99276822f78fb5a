/**
 * The monitors file is read by one YAML library (`yaml`, YAML 1.2's core schema with merge
 * keys): every shape a monitors file takes reads as the spec says, whitespace that is not a
 * space or a tab included, and aliases are bounded by the size of the text, not by a count
 * that a fleet's file would pass.
 */
import { describe, expect, it } from "vitest";
import { MonitorsFileError, parseMonitorsYaml } from "../../src/gitops";

/** The fields of each entry, by resource name. */
const read = (text: string) => Object.fromEntries(parseMonitorsYaml(text).map((e) => [e.resourceName, e.args]));

const FIELDS = "    url: https://a.example\n    interval: 60\n";

describe("a monitors file", () => {
  it("keeps a no-break space that ends a name: YAML trims only spaces and tabs", () => {
    const entries = read(`monitors:\n  api:\n    name: API\u00a0\n${FIELDS}  web:\n    name: "\u00a0web"\n${FIELDS}`);
    expect(entries.api.name).toBe("API\u00a0");
    expect(entries.web.name).toBe("\u00a0web");
  });

  it("reads quoted keys, quoted and multi-line scalars", () => {
    const entries = read(
      [
        "monitors:",
        '  "api: v1":',
        "    name: 'it''s # not a comment'",
        FIELDS,
        "  'web page':",
        "    name: a name",
        "      folded onto one line",
        "    alertCondition: url_no_text",
        "    alertTextLookup: |",
        "      first line",
        "      second line",
        "    url: >-",
        "      https://web.example",
        "    interval: 300",
      ].join("\n"),
    );
    expect(Object.keys(entries)).toEqual(["api: v1", "web page"]);
    expect(entries["api: v1"].name).toBe("it's # not a comment");
    expect(entries["web page"]).toMatchObject({
      name: "a name folded onto one line",
      alertTextLookup: "first line\nsecond line\n",
      url: "https://web.example",
      interval: 300,
    });
  });

  it("merges anchors (`<<`), one or a list, the entry's own fields first", () => {
    const entries = read(
      [
        "x-every: &every",
        "  interval: 300",
        "  alerts:",
        "    - key: email",
        "      value: ops@example.com",
        "x-paused: &paused { paused: true }",
        "monitors:",
        "  api:",
        "    <<: *every",
        "    name: API",
        "    url: https://a.example",
        "  web:",
        "    <<: [*every, *paused]",
        "    name: Web",
        "    url: https://w.example",
        "    interval: 60",
      ].join("\n"),
    );
    expect(entries.api).toEqual({
      name: "API",
      url: "https://a.example",
      interval: 300,
      alerts: [{ key: "email", value: "ops@example.com" }],
    });
    expect(entries.web).toMatchObject({ interval: 60, paused: true, name: "Web" });
  });

  it("reads a fleet's file that merges one anchor into each of 1,100 entries", () => {
    const lines = ["x-every: &every", "  interval: 60", "monitors:"];
    for (let i = 0; i < 1100; i++)
      lines.push(`  m${i}:`, "    <<: *every", `    name: M ${i}`, `    url: https://m${i}.example`);
    const entries = parseMonitorsYaml(lines.join("\n"));
    expect(entries).toHaveLength(1100);
    expect(entries[1099].args.interval).toBe(60);
  });

  it("refuses aliases that would grow past the size of the text, naming the file", () => {
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 0; i < 8; i++) {
      const [name, previous] = ["bcdefghijk"[i], "abcdefghij"[i]];
      bomb.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(", ")}]`);
    }
    bomb.push("monitors: {}");
    let error: unknown;
    try {
      parseMonitorsYaml(bomb.join("\n"), "bomb.yaml");
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(MonitorsFileError);
    expect((error as Error).message).toMatch(/^bomb\.yaml: invalid YAML: .*alias/);
  });
});
