/** Command line and environment of `uptime-server`, turned into server options. */
import { parseArgs } from "node:util";
import { FAULT_KINDS } from "./faults";
import { DEFAULT_API_KEY, type FaultKind, type UptimeServerOptions } from "./types";

/** Usage text of `--help`. */
export const USAGE = `Usage: uptime-server [options]

A local server that behaves like the uptime-monitoring service (/api/v1).

Options:
  --port N            port to listen on (default 8080, 0 = any free port)   env UPTIME_SERVER_PORT
  --host HOST         interface to bind (default 127.0.0.1)
  --data-dir DIR      keep data durably in DIR (default: in memory)          env UPTIME_SERVER_DATA_DIR
  --api-key KEY       accept KEY as an account's API key; repeat for more accounts
                      (default ${DEFAULT_API_KEY})              env UPTIME_SERVER_API_KEYS=k1,k2
  --rate-limit N      requests per minute per account (default: no limit)
  --fault-rate F      fraction 0..1 of /api/v1 requests that get a fault (default 0)
  --fault-kinds LIST  comma-separated: ${FAULT_KINDS.join(",")} (default all)
  --fault-delay-ms N  wait of the "delay" fault (default 2000)
  --fault-seed N      seed for a repeatable fault sequence
  --quiet             do not log requests
  --help              show this text
`;

/** What the command line asks for. */
export type CliCommand =
  | { kind: "help" }
  | { kind: "error"; message: string }
  | { kind: "run"; options: UptimeServerOptions; defaultKey: boolean; quiet: boolean };

function integer(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

/** Parses `argv` (without node and script) with `env` as fallback. Never exits. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "data-dir": { type: "string" },
        "api-key": { type: "string", multiple: true },
        "rate-limit": { type: "string" },
        "fault-rate": { type: "string" },
        "fault-kinds": { type: "string" },
        "fault-delay-ms": { type: "string" },
        "fault-seed": { type: "string" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    return { kind: "error", message: (err as Error).message };
  }
  if (values.help) return { kind: "help" };
  try {
    const options: UptimeServerOptions = {};
    const port = values.port ?? env.UPTIME_SERVER_PORT;
    options.port = port === undefined || port === "" ? 8080 : integer("--port", port, 0, 65535);
    if (values.host !== undefined) options.host = values.host;
    const dataDir = values["data-dir"] ?? env.UPTIME_SERVER_DATA_DIR;
    if (dataDir) options.dataDir = dataDir;
    const keys = values["api-key"] ?? (env.UPTIME_SERVER_API_KEYS ?? "").split(",").map((k) => k.trim()).filter(Boolean);
    if (keys.length > 0) options.accounts = keys.map((apiKey, i) => ({ apiKey, name: `account-${i + 1}` }));
    if (values["rate-limit"] !== undefined) options.rateLimitPerMinute = integer("--rate-limit", values["rate-limit"], 0, 1_000_000);
    const rate = values["fault-rate"];
    if (rate !== undefined) {
      const r = Number(rate);
      if (rate.trim() === "" || !(r >= 0 && r <= 1)) throw new Error(`--fault-rate must be a number from 0 to 1, got "${rate}"`);
      let kinds: FaultKind[] | undefined;
      if (values["fault-kinds"] !== undefined) {
        kinds = values["fault-kinds"].split(",").map((k) => k.trim()).filter(Boolean) as FaultKind[];
        const bad = kinds.filter((k) => !FAULT_KINDS.includes(k));
        if (bad.length > 0 || kinds.length === 0) throw new Error(`--fault-kinds: unknown kind(s) ${bad.join(",") || "(none given)"}`);
      }
      options.faults = {
        rate: r,
        kinds,
        delayMs: values["fault-delay-ms"] === undefined ? undefined : integer("--fault-delay-ms", values["fault-delay-ms"], 0, 600_000),
        seed: values["fault-seed"] === undefined ? undefined : integer("--fault-seed", values["fault-seed"], 0, 2 ** 32 - 1),
      };
    } else if (values["fault-kinds"] !== undefined || values["fault-delay-ms"] !== undefined || values["fault-seed"] !== undefined) {
      throw new Error("--fault-kinds, --fault-delay-ms and --fault-seed need --fault-rate");
    }
    return { kind: "run", options, defaultKey: keys.length === 0, quiet: values.quiet ?? false };
  } catch (err) {
    return { kind: "error", message: (err as Error).message };
  }
}
