/**
 * The monitors file's quick read (js-yaml) gives exactly what the `yaml` package gives, or
 * steps aside: on text the two read differently, and on aliases that would expand past
 * the size of the text, it returns nothing and the file is read by `yaml`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { parse } from "yaml";
import { quickParse } from "../../src/gitops/quick-yaml";
import { parseMonitorsYaml } from "../../src/gitops/load-monitors";

const REPO = join(__dirname, "..", "..");
const byYaml = (text: string) => parse(text, { merge: true, uniqueKeys: true, maxAliasCount: 1000 });

test("the example file and files with anchors, merge keys and every scalar read the same", () => {
  const texts = [
    readFileSync(join(REPO, "examples", "gitops", "monitors.yaml"), "utf8"),
    [
      "x-defaults: &defaults",
      "  interval: 60",
      "  requestHeaders: [{ key: Accept, value: 'text/plain' }]",
      "x-more: &more { cacheBuster: 1 }",
      "monitors:",
      "  api:",
      "    <<: [*defaults, *more]",
      '    name: "API: health # not a comment"',
      "    url: https://api.example.com/health?x=1&y=2",
      "    interval: 300",
      "  web:",
      "    <<: *defaults",
      "    name: >-",
      "      folded",
      "      name",
      "    url: 'https://web.example.com'",
      "    sslAlertDays: 0x1E",
      "    paused: false",
      "    alertTextLookup: |",
      "      line one",
      "      line two",
      "    maintenanceStartAt: 2026-01-01T10:00:00",
      "    values: [1.5, -2, 0o17, .inf, -.inf, .nan, ~, null, true, True, 1e3, 007, '']",
    ].join("\n"),
  ];
  for (const text of texts) {
    const quick = quickParse(text);
    expect(quick).toBeDefined();
    expect(quick!.root).toEqual(byYaml(text));
  }
});

test("text the two libraries read differently, bad YAML and alias bombs are left to yaml", () => {
  const different = [
    "%YAML 1.1\n---\na: yes",
    "a: !!binary aGk=",
    "a: 0b101",
    "a: +0x1",
    "a: -0o7",
    "a: +.5",
    "a: -.5",
    "~: x",
    "[a, b]: c",
    "a: 1\nb: 2\na: 3",
    "a: b: c",
    "a: 1\n---\nb: 2",
  ];
  for (const text of different) expect(quickParse(text), text).toBeUndefined();
  const bomb = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
  for (let i = 0; i < 8; i++)
    bomb.push(`${"bcdefghijk"[i]}: &${"bcdefghijk"[i]} [${Array(10).fill(`*${"abcdefghij"[i]}`).join(", ")}]`);
  expect(quickParse(bomb.join("\n"))).toBeUndefined();
});

test("a valid file read quickly still gives each entry's line, and a bad one names lines", () => {
  const text =
    "monitors:\n  a:\n    name: A\n    url: https://a.example\n    interval: 60\n\n  b:\n    name: B\n    url: https://b.example\n    interval: 60\n";
  expect(quickParse(text)).toBeDefined();
  expect(parseMonitorsYaml(text).map((e) => e.line)).toEqual([2, 7]);
  expect(() => parseMonitorsYaml(text.replace("interval: 60\n\n", "interval: 45\n\n"))).toThrow(
    /entry 1 \("a"\): interval: 45 is not one of .* \(line 5\)/,
  );
});
