/** Command line and environment of `uptime-server`, turned into server options. */
import { readFileSync } from "node:fs";
import { parseNumber, parseOptions } from "../util/command-line";
import { isTimeZone } from "../util/time";
import { FAULT_KINDS } from "./faults";
import { MAX_STALE_READS_MS } from "./stale-reads";
import {
  DEFAULT_API_KEY,
  type CheckOptions,
  type FaultKind,
  type ServerAccount,
  type UptimeServerOptions,
} from "./types";

/** Usage text of `--help`. */
export const USAGE = `Usage: uptime-server [options]

A local server that behaves like the uptime-monitoring service (/api/v1).

Options:
  --port N            port to listen on (default 8080, 0 = any free port)   env UPTIME_SERVER_PORT
  --host HOST         interface to bind (default 127.0.0.1)
  --tls-cert FILE     serve HTTPS with this PEM certificate (chain); needs --tls-key
  --tls-key FILE      the PEM private key of --tls-cert
  --data-dir DIR      keep data durably in DIR (default: in memory)          env UPTIME_SERVER_DATA_DIR
  --api-key KEY       accept KEY as an account's API key; repeat for more accounts
                      (default ${DEFAULT_API_KEY})              env UPTIME_SERVER_API_KEYS=k1,k2
  --time-zone ZONE    IANA zone of the accounts of --api-key (and of the default
                      account): dates sent are wall time in it (default UTC)
                                                                env UPTIME_SERVER_TIME_ZONE
  --account SPEC      one more account: key=KEY[,timeZone=ZONE][,name=NAME];
                      repeatable, combines with --api-key
  --rate-limit N      requests per minute per account (default: no limit)
  --fault-rate F      fraction 0..1 of /api/v1 requests that get a fault (default 0)
  --fault-kinds LIST  comma-separated: ${FAULT_KINDS.join(",")} (default all)
  --fault-delay-ms N  wait of the "delay" fault (default 2000)
  --fault-seed N      seed for a repeatable fault sequence
  --stale-reads-ms N  for N ms after each write of an account, its show and list
                      answer as before that write (a lagging read replica; default 0, off)
  --no-checks         do not check monitors (default: each monitor is checked at its interval)
  --manual-checks     check only when asked: POST /__local/checks/run
  --time-scale N      check N times as often as intervals say (60: a 60 s monitor every second; default 1)
  --check-timeout-ms N  time allowed for one check (default 10000)
  --check-concurrency N checks in flight at once (default 20)
  --loopback-only     check only targets on loopback (127.0.0.0/8, ::1, localhost); others are reported down
  --quiet             do not log requests
  --help              show this text
`;

/** What the command line asks for. */
type CliCommand =
  | { kind: "help" }
  | { kind: "error"; message: string }
  | { kind: "run"; options: UptimeServerOptions; defaultKey: boolean; quiet: boolean };

function integer(name: string, value: string, min: number, max: number): number {
  const n = parseNumber(value, { min, max, whole: true });
  if (n === undefined) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}

/** `integer` of an option that may be missing. */
function optionalInteger(name: string, value: string | undefined, min: number, max: number): number | undefined {
  return value === undefined ? undefined : integer(name, value, min, max);
}

function zone(name: string, value: string): string {
  if (!isTimeZone(value))
    throw new Error(`${name}: unknown IANA time zone "${value}" (for example UTC, Europe/Berlin, America/New_York)`);
  return value;
}

/** `key=KEY[,timeZone=ZONE][,name=NAME]` → an account. */
function account(spec: string, n: number): ServerAccount {
  const out: ServerAccount = { apiKey: "", name: `account-${n}` };
  for (const part of spec.split(",")) {
    const eq = part.indexOf("=");
    // Never echo a part without "=": it may be the key itself.
    if (eq < 0) throw new Error("--account: expected key=KEY[,timeZone=ZONE][,name=NAME]; every part is name=value");
    const k = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (k === "key" && v) out.apiKey = v;
    else if (k === "timeZone" && v) out.timeZone = zone("--account timeZone", v);
    else if (k === "name" && v) out.name = v;
    else
      throw new Error(
        `--account: expected key=KEY[,timeZone=ZONE][,name=NAME]; "${k}" is not one of key, timeZone, name, or has no value`,
      );
  }
  if (!out.apiKey) throw new Error("--account: key=KEY is required");
  return out;
}

/** Parses `argv` (without node and script) with `env` as fallback. Never exits. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliCommand {
  try {
    const values = parseOptions(argv, {
      port: { type: "string" },
      host: { type: "string" },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      "data-dir": { type: "string" },
      "api-key": { type: "string", multiple: true },
      "time-zone": { type: "string" },
      account: { type: "string", multiple: true },
      "rate-limit": { type: "string" },
      "fault-rate": { type: "string" },
      "fault-kinds": { type: "string" },
      "fault-delay-ms": { type: "string" },
      "fault-seed": { type: "string" },
      "stale-reads-ms": { type: "string" },
      "no-checks": { type: "boolean" },
      "manual-checks": { type: "boolean" },
      "time-scale": { type: "string" },
      "check-timeout-ms": { type: "string" },
      "check-concurrency": { type: "string" },
      "loopback-only": { type: "boolean" },
      quiet: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    });
    if (values.help) return { kind: "help" };
    const options: UptimeServerOptions = {};
    const port = values.port ?? env.UPTIME_SERVER_PORT;
    options.port = port === undefined || port === "" ? 8080 : integer("--port", port, 0, 65535);
    if (values.host !== undefined) options.host = values.host;
    const tls = tlsFiles(values["tls-cert"], values["tls-key"]);
    if (tls) options.tls = tls;
    const dataDir = values["data-dir"] ?? env.UPTIME_SERVER_DATA_DIR;
    if (dataDir) options.dataDir = dataDir;
    const keys =
      values["api-key"] ??
      (env.UPTIME_SERVER_API_KEYS ?? "")
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean);
    const timeZone = values["time-zone"] ?? (env.UPTIME_SERVER_TIME_ZONE || undefined);
    if (timeZone !== undefined) zone("--time-zone", timeZone);
    const accounts: ServerAccount[] = keys.map((apiKey, i) => ({
      apiKey,
      name: `account-${i + 1}`,
      ...(timeZone ? { timeZone } : {}),
    }));
    for (const spec of values.account ?? []) accounts.push(account(spec, accounts.length + 1));
    // A zone alone applies to the default account.
    if (accounts.length === 0 && timeZone) accounts.push({ apiKey: DEFAULT_API_KEY, name: "account-1", timeZone });
    if (accounts.length > 0) options.accounts = accounts;
    if (values["rate-limit"] !== undefined)
      options.rateLimitPerMinute = integer("--rate-limit", values["rate-limit"], 0, 1_000_000);
    const rate = values["fault-rate"];
    if (rate !== undefined) {
      const r = Number(rate);
      if (rate.trim() === "" || !(r >= 0 && r <= 1))
        throw new Error(`--fault-rate must be a number from 0 to 1, got "${rate}"`);
      let kinds: FaultKind[] | undefined;
      if (values["fault-kinds"] !== undefined) {
        kinds = values["fault-kinds"]
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean) as FaultKind[];
        const bad = kinds.filter((k) => !FAULT_KINDS.includes(k));
        if (bad.length > 0 || kinds.length === 0)
          throw new Error(`--fault-kinds: unknown kind(s) ${bad.join(",") || "(none given)"}`);
      }
      options.faults = {
        rate: r,
        kinds,
        delayMs: optionalInteger("--fault-delay-ms", values["fault-delay-ms"], 0, 600_000),
        seed: optionalInteger("--fault-seed", values["fault-seed"], 0, 2 ** 32 - 1),
      };
    } else if (
      values["fault-kinds"] !== undefined ||
      values["fault-delay-ms"] !== undefined ||
      values["fault-seed"] !== undefined
    ) {
      throw new Error("--fault-kinds, --fault-delay-ms and --fault-seed need --fault-rate");
    }
    if (values["stale-reads-ms"] !== undefined)
      options.staleReadsMs = integer("--stale-reads-ms", values["stale-reads-ms"], 0, MAX_STALE_READS_MS);
    options.checks = checkOptions(values);
    return {
      kind: "run",
      options,
      defaultKey: keys.length === 0 && (values.account ?? []).length === 0,
      quiet: values.quiet ?? false,
    };
  } catch (err) {
    return { kind: "error", message: (err as Error).message };
  }
}

/** The certificate and key of --tls-cert and --tls-key, read now so that a bad path fails at start. */
function tlsFiles(cert: string | undefined, key: string | undefined): UptimeServerOptions["tls"] {
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined) throw new Error("--tls-cert and --tls-key go together: give both");
  const read = (flag: string, file: string, marker: RegExp) => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (err) {
      throw new Error(
        `${flag}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
        { cause: err },
      );
    }
    if (!marker.test(text))
      throw new Error(`${flag}: ${file} holds no PEM ${flag === "--tls-cert" ? "certificate" : "private key"}`);
    return text;
  };
  return {
    cert: read("--tls-cert", cert, /-----BEGIN CERTIFICATE-----/),
    key: read("--tls-key", key, /-----BEGIN [A-Z ]*PRIVATE KEY-----/),
  };
}

/** `checks` of the command line: on unless --no-checks, which no other check flag may accompany. */
function checkOptions(values: {
  "no-checks"?: boolean;
  "manual-checks"?: boolean;
  "time-scale"?: string;
  "check-timeout-ms"?: string;
  "check-concurrency"?: string;
  "loopback-only"?: boolean;
}): CheckOptions | false {
  const tuning = (
    ["manual-checks", "time-scale", "check-timeout-ms", "check-concurrency", "loopback-only"] as const
  ).filter((k) => values[k] !== undefined);
  if (values["no-checks"]) {
    if (tuning.length > 0) throw new Error(`--no-checks turns checking off: drop --${tuning.join(", --")}`);
    return false;
  }
  const checks: CheckOptions = {};
  if (values["manual-checks"]) checks.schedule = false;
  const scale = values["time-scale"];
  if (scale !== undefined) {
    const n = Number(scale);
    if (scale.trim() === "" || !(n > 0 && n <= 3600))
      throw new Error(`--time-scale must be a number above 0 and at most 3600, got "${scale}"`);
    checks.timeScale = n;
  }
  if (values["check-timeout-ms"] !== undefined)
    checks.timeoutMs = integer("--check-timeout-ms", values["check-timeout-ms"], 1, 600_000);
  if (values["check-concurrency"] !== undefined)
    checks.concurrency = integer("--check-concurrency", values["check-concurrency"], 1, 1000);
  if (values["loopback-only"]) checks.loopbackOnly = true;
  return checks;
}
