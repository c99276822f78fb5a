/**
 * What `maintenance` cannot run with: exit 2, a message naming the flag or setting, no
 * request that writes, and no record.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maintenanceFixture } from "./helpers";
import { MAINTENANCE_FLAGS, runMaintenance } from "../../src/cli/maintenance";
import { helpOf } from "../support/command-help";

it("the usage lines of --help name every flag", async () => {
  const lines = (await helpOf(runMaintenance)).split("\n\n")[0];
  expect(MAINTENANCE_FLAGS.length).toBeGreaterThan(10);
  for (const flag of MAINTENANCE_FLAGS) expect(lines).toContain(`--${flag}`);
});

describe("maintenance with input it cannot use", () => {
  let f: Awaited<ReturnType<typeof maintenanceFixture>>;
  beforeAll(async () => {
    f = await maintenanceFixture("Europe/Berlin");
    await f.monitors("bad one");
  });
  afterAll(() => f?.close());

  it.each<[string, string[], RegExp]>([
    [
      "no selector",
      ["start", "--for", "10m"],
      /select the monitors: --stack NAME, --search TEXT or --name-prefix PREFIX/,
    ],
    ["no duration", ["start", "--search", "bad"], /--for DURATION .* or --until TIME; a window always has an end/],
    [
      "a bad duration",
      ["start", "--search", "bad", "--for", "soon"],
      /--for takes a duration such as 15m, 1h30m or 2h; got "soon"/,
    ],
    ["a zero duration", ["start", "--search", "bad", "--for", "0m"], /--for takes a duration/],
    [
      "both --for and --until",
      ["start", "--search", "bad", "--for", "1h", "--until", "23:00"],
      /either --for or --until/,
    ],
    [
      "more than 24 hours",
      ["start", "--search", "bad", "--for", "25h"],
      /would last 25h, more than 24h; pass --allow-long/,
    ],
    [
      "a window, however long allowed, ending after the latest end the service stores",
      ["start", "--search", "bad", "--for", "80000000h", "--allow-long"],
      /--for "80000000h": the window would end after 9999-12-31T23:59:59 in Europe\/Berlin, the latest end the service stores; --for takes up to 24h, or with --allow-long up to \d{8}h/,
    ],
    [
      "a duration too long for any clock",
      ["start", "--search", "bad", "--for", "99999999999999999999999h", "--allow-long"],
      /--for "99999999999999999999999h": the window would end after 9999-12-31T23:59:59/,
    ],
    [
      "an --until after the latest end the service stores, in the account's zone",
      ["start", "--search", "bad", "--until", "9999-12-31T23:30:00Z", "--allow-long"],
      /--until "9999-12-31T23:30:00Z": the window would end after 9999-12-31T23:59:59 in Europe\/Berlin, the latest end the service stores; --until takes a time up to 9999-12-31T23:59:59 in Europe\/Berlin/,
    ],
    [
      "an end in the past",
      ["start", "--search", "bad", "--until", "2020-01-01T00:00"],
      /--until "2020-01-01T00:00" is not in the future/,
    ],
    [
      "an unknown --search-by",
      ["start", "--search", "bad", "--search-by", "id", "--for", "1h"],
      /--search-by must be name or url; got "id"/,
    ],
    [
      "an unknown time zone",
      ["start", "--search", "bad", "--for", "1h", "--time-zone", "Mars/Base"],
      /--time-zone is not a known IANA time zone: "Mars\/Base"/,
    ],
    [
      "a bad pacing",
      ["start", "--search", "bad", "--for", "1h", "--requests-per-minute", "0"],
      /--requests-per-minute must be a number from 1 to 60000; got "0"/,
    ],
    [
      "a --base-url that is not http(s)",
      ["start", "--search", "bad", "--for", "1h", "--base-url", "ftp://uptime.example.com"],
      /--base-url must be an http or https URL/,
    ],
    ["an empty --api-key", ["end", "--api-key", ""], /--api-key must not be empty/],
    [
      "a --record in a directory that does not exist",
      ["start", "--search", "bad", "--for", "1h", "--record", "no-such-dir/r.json"],
      /cannot write the record no-such-dir\/r.json: ENOENT/,
    ],
    ["an unknown subcommand", ["stop"], /expected start or end; got "stop"/],
    ["end without a record", ["end", "--record", "none.json"], /no maintenance record at none.json/],
  ])("%s", async (_, argv, message) => {
    const writes = f.server.writeCount();
    const r = await f.run(argv);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(f.server.writeCount()).toBe(writes);
    expect(existsSync(join(f.dir, ".uptime-maintenance.json"))).toBe(false);
  });

  it("a missing API key names the three ways to give it", async () => {
    const r = await f.run(["start", "--search", "bad", "--for", "1h"], { UPTIME_API_KEY: "" });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /missing the API key: pass --api-key KEY, run `pulumi config set --secret uptime:apiKey <key>` or set UPTIME_API_KEY/,
    );
  });

  it("a --base-url holding credentials names the flag and does not repeat them", async () => {
    const r = await f.run(["end", "--base-url", "https://ops:hunter2-secret@uptime.example.com"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--base-url must not contain credentials/);
    expect(r.stderr).not.toContain("hunter2-secret");
  });

  it("a time zone setting the zone database does not know names the variable", async () => {
    const r = await f.run(["start", "--search", "bad", "--for", "1h"], { UPTIME_TIME_ZONE: "Europe/Atlantis" });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/UPTIME_TIME_ZONE is not a known IANA time zone: "Europe\/Atlantis"/);
  });

  it("a key the service refuses is a settings error, and the key is not repeated", async () => {
    const r = await f.run(["start", "--search", "bad", "--for", "1h"], { UPTIME_API_KEY: "wrong-key-1234" });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/401/);
    expect(r.stderr).not.toContain("wrong-key-1234");
    expect(existsSync(join(f.dir, ".uptime-maintenance.json"))).toBe(false);
  });

  it("a start not yet ended is not overwritten", async () => {
    expect((await f.run(["start", "--search", "bad", "--for", "10m", "--record", "open.json"])).code).toBe(0);
    const r = await f.run(["start", "--search", "bad", "--for", "10m", "--record", "open.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /open.json holds a maintenance started .* and not ended; run `pulumi-uptime maintenance end` first/,
    );
    expect((await f.run(["end", "--record", "open.json"])).code).toBe(0);
  });
});
