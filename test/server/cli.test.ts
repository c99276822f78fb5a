/** The `uptime-server` command: flags, environment, its output and clean shutdown on signals. */
import { afterAll, describe, expect, test } from "vitest";
import { parseCli } from "../../src/server/cli-args";
import { api } from "../support/api";
import { runCli, startCli, type CliProcess } from "../support/cli";

const running: CliProcess[] = [];
afterAll(() => {
  for (const p of running) if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill("SIGKILL");
});

describe("argument parsing", () => {
  test("defaults: port 8080, in memory, the default key", () => {
    expect(parseCli([], {})).toEqual({
      kind: "run",
      options: { port: 8080, checks: {} },
      defaultKey: true,
      quiet: false,
    });
  });

  test("checks are on by default; --no-checks turns them off; the check flags tune them", () => {
    expect(parseCli(["--no-checks"], {})).toMatchObject({ kind: "run", options: { checks: false } });
    expect(
      parseCli(
        [
          "--manual-checks",
          "--time-scale",
          "60",
          "--check-timeout-ms",
          "2500",
          "--check-concurrency",
          "50",
          "--loopback-only",
        ],
        {},
      ),
    ).toMatchObject({
      kind: "run",
      options: { checks: { schedule: false, timeScale: 60, timeoutMs: 2500, concurrency: 50, loopbackOnly: true } },
    });
    expect(parseCli(["--time-scale", "0.5"], {})).toMatchObject({ options: { checks: { timeScale: 0.5 } } });
  });

  test.each([
    [["--time-scale", "0"], "--time-scale"],
    [["--time-scale", "fast"], "--time-scale"],
    [["--time-scale", "4000"], "--time-scale"],
    [["--check-timeout-ms", "0"], "--check-timeout-ms"],
    [["--check-concurrency", "lots"], "--check-concurrency"],
    [["--no-checks", "--time-scale", "60"], "--no-checks turns checking off: drop --time-scale"],
    [["--stale-reads-ms", "1.5"], "--stale-reads-ms"],
    [["--stale-reads-ms", "600001"], "--stale-reads-ms"],
  ])("%j is an error naming %s", (argv, named) => {
    const cmd = parseCli(argv, {});
    expect(cmd.kind).toBe("error");
    expect((cmd as { message: string }).message).toContain(named);
  });

  test("every flag", () => {
    const cmd = parseCli(
      [
        "--port",
        "0",
        "--host",
        "0.0.0.0",
        "--data-dir",
        "/tmp/x",
        "--api-key",
        "k1",
        "--api-key",
        "k2",
        "--rate-limit",
        "120",
        "--fault-rate",
        "0.25",
        "--fault-kinds",
        "500,drop-after",
        "--fault-delay-ms",
        "10",
        "--fault-seed",
        "3",
        "--stale-reads-ms",
        "1500",
        "--quiet",
      ],
      {},
    );
    expect(cmd).toEqual({
      kind: "run",
      defaultKey: false,
      quiet: true,
      options: {
        port: 0,
        host: "0.0.0.0",
        dataDir: "/tmp/x",
        accounts: [
          { apiKey: "k1", name: "account-1" },
          { apiKey: "k2", name: "account-2" },
        ],
        rateLimitPerMinute: 120,
        faults: { rate: 0.25, kinds: ["500", "drop-after"], delayMs: 10, seed: 3 },
        staleReadsMs: 1500,
        checks: {},
      },
    });
  });

  test("environment fallbacks, flags win", () => {
    const env = { UPTIME_SERVER_PORT: "9000", UPTIME_SERVER_DATA_DIR: "/data", UPTIME_SERVER_API_KEYS: "a, b ,,c" };
    expect(parseCli([], env)).toMatchObject({
      options: { port: 9000, dataDir: "/data", accounts: [{ apiKey: "a" }, { apiKey: "b" }, { apiKey: "c" }] },
      defaultKey: false,
    });
    expect(parseCli(["--port", "1", "--api-key", "z"], env)).toMatchObject({
      options: { port: 1, accounts: [{ apiKey: "z" }] },
    });
  });

  test("per-account time zones: --time-zone for the --api-key accounts (or the default one), --account for one each", () => {
    expect(parseCli(["--time-zone", "Europe/Berlin"], {})).toMatchObject({
      options: { accounts: [{ apiKey: "uptime-local-dev-key", timeZone: "Europe/Berlin" }] },
      defaultKey: true,
    });
    expect(
      parseCli(
        [
          "--api-key",
          "k1",
          "--time-zone",
          "Asia/Tokyo",
          "--account",
          "key=k2,timeZone=America/New_York,name=ny",
          "--account",
          "key=k3",
        ],
        {},
      ),
    ).toMatchObject({
      options: {
        accounts: [
          { apiKey: "k1", name: "account-1", timeZone: "Asia/Tokyo" },
          { apiKey: "k2", name: "ny", timeZone: "America/New_York" },
          { apiKey: "k3", name: "account-3" },
        ],
      },
      defaultKey: false,
    });
    expect(parseCli([], { UPTIME_SERVER_API_KEYS: "e1", UPTIME_SERVER_TIME_ZONE: "Europe/Paris" })).toMatchObject({
      options: { accounts: [{ apiKey: "e1", timeZone: "Europe/Paris" }] },
    });
  });

  test("a bad zone or account spec is an error that never echoes a key", () => {
    expect(parseCli(["--time-zone", "Mars/Olympus"], {})).toEqual({
      kind: "error",
      message: expect.stringContaining('--time-zone: unknown IANA time zone "Mars/Olympus"'),
    });
    expect(parseCli(["--account", "key=k,timeZone=Nowhere"], {})).toMatchObject({
      kind: "error",
      message: expect.stringContaining("Nowhere"),
    });
    const bare = parseCli(["--account", "s3cr3t-key"], {});
    expect(bare.kind).toBe("error");
    expect(JSON.stringify(bare)).not.toContain("s3cr3t");
    expect(parseCli(["--account", "timeZone=UTC"], {})).toMatchObject({
      kind: "error",
      message: "--account: key=KEY is required",
    });
  });

  test.each([
    [["--port", "http"]],
    [["--port", "70000"]],
    [["--rate-limit", "-1"]],
    [["--fault-rate", "2"]],
    [["--fault-rate", "0.1", "--fault-kinds", "boom"]],
    [["--fault-kinds", "500"]],
    [["--nope"]],
    [["extra"]],
  ])("%j is an error", (argv) => {
    expect(parseCli(argv, {}).kind).toBe("error");
  });

  test("--help", () => {
    expect(parseCli(["--help"], {})).toEqual({ kind: "help" });
  });
});

describe("the process", () => {
  test("--help prints usage and exits 0; a bad flag exits 2", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: uptime-server");
    const bad = await runCli(["--port", "nope"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--port");
  });

  test("prints the URL and default key, logs requests without the key, exits 0 on SIGINT", async () => {
    const p = await startCli(["--port", "0"], { UPTIME_SERVER_API_KEYS: "", UPTIME_SERVER_DATA_DIR: "" });
    running.push(p);
    expect(p.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(p.stdout()).toContain("API key: uptime-local-dev-key");
    expect((await api(p.url, "GET", "/api/v1/monitors")).status).toBe(200);
    expect((await api(p.url, "GET", "/__local/stats")).body).toEqual({ requests: 2, writes: 0 });
    await new Promise((r) => setTimeout(r, 100));
    const logged = p
      .stdout()
      .split("\n")
      .filter((l) => l.includes("/api/v1/monitors"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/GET \/api\/v1\/monitors 200 \d+ms$/);
    p.proc.kill("SIGINT");
    expect(await p.exited).toBe(0);
    // The key is printed once at start (it is the public default), never per request.
    expect(p.stdout().split("uptime-local-dev-key").length - 1).toBe(1);
  });

  test("--account gives each account its own time zone: the same local time is another instant", async () => {
    const p = await startCli(
      ["--port", "0", "--quiet", "--account", "key=berlin-key,timeZone=Europe/Berlin", "--account", "key=utc-key"],
      { UPTIME_SERVER_API_KEYS: "" },
    );
    running.push(p);
    const form = {
      name: "tz",
      url: "https://tz.example.com",
      interval: 60,
      maintenance_start_at: "2030-01-15T10:00:00",
      maintenance_end_at: "2030-01-15T12:00:00",
    };
    const berlin = await api(p.url, "POST", "/api/v1/monitors", { form, key: "berlin-key" });
    const utc = await api(p.url, "POST", "/api/v1/monitors", { form, key: "utc-key" });
    expect(berlin.body.data.maintenance_start_at).toBe("2030-01-15T09:00:00.000000Z");
    expect(utc.body.data.maintenance_start_at).toBe("2030-01-15T10:00:00.000000Z");
    p.proc.kill("SIGTERM");
    expect(await p.exited).toBe(0);
  });

  test("keys from UPTIME_SERVER_API_KEYS are accepted and not printed", async () => {
    const p = await startCli(["--port", "0", "--quiet"], { UPTIME_SERVER_API_KEYS: "env-key-1,env-key-2" });
    running.push(p);
    expect(p.stdout()).not.toContain("env-key");
    expect((await api(p.url, "GET", "/api/v1/monitors", { key: "env-key-2" })).status).toBe(200);
    expect((await api(p.url, "GET", "/api/v1/monitors")).status).toBe(401);
    p.proc.kill("SIGTERM");
    expect(await p.exited).toBe(0);
  });
});
