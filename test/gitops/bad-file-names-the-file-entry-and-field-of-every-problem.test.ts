import { describe, expect, it } from "vitest";
import { MonitorsFileError, parseMonitorsYaml } from "../../src/gitops";
import { HOME_ENTRY } from "../support/monitors-file";

function problemsOf(text: string, file = "monitors.yaml"): MonitorsFileError {
  try {
    parseMonitorsYaml(text, file);
  } catch (err) {
    expect(err).toBeInstanceOf(MonitorsFileError);
    return err as MonitorsFileError;
  }
  throw new Error("expected the file to be refused");
}

const BAD = `monitors:
${HOME_ENTRY}  api:
    name: API health
    url: https://api.example.com/health
    interval: 45
    alertCondition: url_text
    alerts:
      - key: email
        value: ops@example.com
      - key: pager
        value: "123"
  docs:
    name: Docs
    url: not a url
    intervall: 60
  home-again:
    name: Home page
    url: https://example.com/
    interval: 60
    sslAlertDays: 5
`;

describe("a bad monitors file", () => {
  const err = problemsOf(BAD);

  it("lists every problem at once, each naming the file, the entry and the field", () => {
    const lines = err.message.split("\n");
    expect(lines[0]).toBe(`monitors.yaml: ${err.problems.length} problems:`);
    expect(err.message).toContain(
      'monitors.yaml: entry 2 ("api"): interval: 45 is not one of 60, 180, 300, 600, 900, 1800, 3600 (line 9)',
    );
    expect(err.message).toContain(
      'monitors.yaml: entry 2 ("api"): alertTextLookup: is required when alert_condition is url_text',
    );
    // alerts is secret: the allowed-values message leaves the value out.
    expect(err.message).toMatch(/monitors\.yaml: entry 2 \("api"\): alerts\[1\]\.key: is not one of email, webhook/);
    expect(err.message).toContain(
      'monitors.yaml: entry 3 ("docs"): url: "not a url" is not a valid http or https URL (line 18)',
    );
    expect(err.message).toMatch(
      /monitors\.yaml: entry 3 \("docs"\): intervall: is not a property of this resource \(did you mean interval\?\)/,
    );
    expect(err.message).toContain('monitors.yaml: entry 3 ("docs"): interval: is required');
    expect(err.message).toContain(
      'monitors.yaml: entry 4 ("home-again"): sslAlertDays: 5 is not one of 0, 1, 2, 3, 7, 14, 30, 60 (line 24)',
    );
    expect(err.message).toContain(
      'monitors.yaml: entry 4 ("home-again"): name: "Home page" is also the name of entry 1 ("home"); monitor names are unique per account',
    );
  });

  it("gives the problems as data too", () => {
    expect(err.file).toBe("monitors.yaml");
    expect(err.problems.find((p) => p.field === "interval" && p.entry === 2)).toEqual({
      file: "monitors.yaml",
      entry: 2,
      resourceName: "api",
      field: "interval",
      reason: "interval: 45 is not one of 60, 180, 300, 600, 900, 1800, 3600",
      line: 9,
    });
    expect(new Set(err.problems.map((p) => p.entry))).toEqual(new Set([2, 3, 4]));
  });

  it("names a lone problem on one line", () => {
    const one = problemsOf("monitors:\n  a:\n    name: A\n    url: https://a.example.com\n    interval: 45\n");
    expect(one.message).toBe(
      'monitors.yaml: entry 1 ("a"): interval: 45 is not one of 60, 180, 300, 600, 900, 1800, 3600 (line 5)',
    );
  });

  it("refuses two names that differ only in case or accents, as the service would", () => {
    const e = problemsOf(
      "monitors:\n  a:\n    name: Café API\n    url: https://a.example.com\n    interval: 60\n  b:\n    name: CAFE api\n    url: https://b.example.com\n    interval: 60\n",
    );
    expect(e.message).toBe(
      'monitors.yaml: entry 2 ("b"): name: "CAFE api" is also the name of entry 1 ("a": "Café API"); monitor names are unique per account, ignoring case and accents (line 7)',
    );
  });

  it("never echoes a secret field's value", () => {
    const e = problemsOf(
      "monitors:\n  a:\n    name: A\n    url: https://a.example.com\n    interval: 60\n    alerts:\n      - key: webhook\n        value: not-a-url-s3cr3t\n",
    );
    expect(e.message).toContain('entry 1 ("a"): alerts[0].value: must be an http or https URL for webhook');
    expect(e.message).not.toContain("s3cr3t");
  });
});

describe("a file of the wrong shape", () => {
  it("reports YAML syntax errors with their lines", () => {
    const e = problemsOf("monitors:\n  a:\n    name: A\n  a:\n    name: B\n");
    expect(e.message).toBe("monitors.yaml: invalid YAML: Map keys must be unique (line 4)");
    expect(problemsOf("monitors:\n  a:\n    name: A\n   url: x\n", "team/monitors.yaml").message).toBe(
      "team/monitors.yaml: invalid YAML: All mapping items must start at the same column (line 4)",
    );
    expect(problemsOf("monitors:\n\ta:\n    name: A\n").message).toBe(
      "monitors.yaml: invalid YAML: Tabs are not allowed as indentation (line 2)",
    );
  });

  it("refuses an empty file, a missing `monitors` key, unknown top-level keys and a list of monitors", () => {
    expect(problemsOf("").message).toBe("monitors.yaml: the file is empty; expected a top-level `monitors:` mapping");
    expect(problemsOf("monitor:\n  a: {}\n").message).toContain('monitors.yaml: unknown top-level key "monitor"');
    expect(problemsOf("monitor:\n  a: {}\n").message).toContain(
      "monitors.yaml: missing the top-level `monitors:` mapping",
    );
    expect(problemsOf("monitors:\n  - name: A\n").message).toMatch(
      /^monitors\.yaml: monitors: expected a mapping of resource name to monitor fields .*got a list \(line 2\)$/,
    );
  });

  it("refuses an entry that is not a mapping", () => {
    expect(problemsOf("monitors:\n  a: https://a.example.com\n").message).toBe(
      'monitors.yaml: entry 1 ("a"): expected a mapping of monitor fields (name, url, interval, ...); got a string (line 2)',
    );
  });
});
