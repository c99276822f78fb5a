/**
 * Credentials of a monitor (the basic-auth password, header values) go only to the
 * monitor's own host: a redirect to another host is followed without them, as the
 * service's checker does. Nothing secret is printed or written to a report, whether it
 * was written in the file or read from config.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { standInPulumi } from "../support/stand-in-pulumi";
import { startTarget, type Target } from "../support/targets";
import { byName, runTestCommand, scratch } from "./helpers";

let own: Target, other: Target;
const dir = scratch();
beforeAll(async () => {
  [own, other] = await Promise.all([startTarget(), startTarget()]);
});
afterAll(async () => {
  await Promise.all([own.close(), other.close()]);
  dir.dispose();
});

const PASSWORD = "pw-9f8e7d6c";
const TOKEN = "tok-1a2b3c4d";

test("a redirect to another host arrives without the password and the headers", async () => {
  // "localhost" is another host than 127.0.0.1, on another port too.
  own.set({ kind: "redirect", location: `http://localhost:${other.port}/landing` });
  const file = dir.monitors({
    moved: {
      name: "moved",
      url: `${own.url}/start`,
      interval: 60,
      requestAuthUsername: "probe",
      requestAuthPassword: PASSWORD,
      requestHeaders: [{ key: "X-Api-Key", value: TOKEN }],
    },
  });
  const junit = join(dir.dir, "report.xml");
  const r = await runTestCommand(["--file", file, "--json", "--junit", junit]);
  expect(r.code).toBe(0);
  expect(byName(r.stdout).moved).toMatchObject({ outcome: "pass", reason: "200 OK" });

  // The monitor's own host had them...
  const first = own.requests.at(-1)!;
  expect(first.headers.authorization).toBe(`Basic ${Buffer.from(`probe:${PASSWORD}`).toString("base64")}`);
  expect(first.headers["x-api-key"]).toBe(TOKEN);
  // ...the other host did not.
  const landed = other.requests.at(-1)!;
  expect(landed.url).toBe("/landing");
  expect(landed.headers.authorization).toBeUndefined();
  expect(landed.headers["x-api-key"]).toBeUndefined();

  for (const text of [r.stdout, r.stderr, readFileSync(junit, "utf8")]) {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(TOKEN);
  }
});

test("a secret that is part of the URL or the text lookup is masked in every report", async () => {
  own.healthy(`hello ${TOKEN}`);
  const file = dir.monitors(
    {
      tokened: {
        name: "tokened",
        url: `${own.url}/status?token=${TOKEN}`,
        interval: 60,
        // The header makes TOKEN a secret of this monitor; the lookup and the URL reuse it.
        requestHeaders: [{ key: "X-Api-Key", value: TOKEN }],
        alertCondition: "url_text",
        alertTextLookup: TOKEN,
      },
    },
    "masked.yaml",
  );
  const junit = join(dir.dir, "masked.xml");
  const r = await runTestCommand(["--file", file, "--junit", junit]);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain(`alert  tokened (${own.url}/status?token=[secret]): 200 OK, text "[secret]" found`);
  expect(readFileSync(junit, "utf8")).not.toContain(TOKEN);
});

test("${config:key} values come from the stack's config, stay masked, and without them the check is skipped", async () => {
  own.set({ kind: "basic-auth", username: "probe", password: PASSWORD });
  const file = dir.monitors(
    {
      guarded: {
        name: "guarded",
        url: own.url,
        interval: 60,
        requestAuthUsername: "probe",
        requestAuthPassword: "${config:probePassword}",
        alerts: [{ key: "webhook", value: "${config:opsWebhookUrl}" }],
      },
      // The same, looking for the password's text (which the page lacks): the reason that
      // names the text shows whether the config value became a secret of the monitor.
      echoed: {
        name: "echoed",
        url: own.url,
        interval: 60,
        requestAuthUsername: "probe",
        requestAuthPassword: "${config:probePassword}",
        alertCondition: "url_no_text",
        alertTextLookup: PASSWORD,
      },
    },
    "config.yaml",
  );
  // Without the stack's config: skipped, naming the key (the alert's placeholder does not matter to a check).
  const alone = await runTestCommand(["--file", file, "--json"]);
  expect(alone.code, alone.stderr).toBe(0);
  expect(byName(alone.stdout).guarded).toMatchObject({ outcome: "skipped" });
  expect(byName(alone.stdout).guarded.reason).toBe(
    "requestAuthPassword: reads ${config:probePassword}; give --stack to read it from the stack's config",
  );

  // With --stack: the stack's config (a stand-in pulumi answers `pulumi config`) gives the
  // password; the monitors are checked, and the value is a secret of each.
  const pulumi = standInPulumi({ config: { stdout: JSON.stringify({ "shop:probePassword": { value: PASSWORD } }) } });
  try {
    writeFileSync(join(pulumi.dir, "Pulumi.yaml"), "name: shop\nruntime: yaml\n");
    const withStack = await runTestCommand(["--file", file, "--stack", "dev", "--json"], pulumi.dir, {
      PATH: `${pulumi.dir}${delimiter}${process.env.PATH}`,
    });
    expect(withStack.code, withStack.stderr).toBe(1);
    expect(byName(withStack.stdout).guarded).toMatchObject({ outcome: "pass", reason: "200 OK" });
    expect(byName(withStack.stdout).echoed).toMatchObject({
      outcome: "alert",
      reason: '200 OK, text "[secret]" not found',
    });
    expect(withStack.stdout + withStack.stderr).not.toContain(PASSWORD);
    expect(pulumi.calls().map((c) => c.args.slice(0, 4))).toEqual([["config", "--show-secrets", "--json", "--stack"]]);
  } finally {
    pulumi.remove();
  }
});
