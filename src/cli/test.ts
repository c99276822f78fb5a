/**
 * `pulumi-uptime test`: runs each declared monitor's check once, from where the command
 * runs, with the service's semantics (src/probe), and reports per monitor `pass`,
 * `alert` with the reason the service would give, or `skipped` with why.
 */
import { renameSync, writeFileSync } from "node:fs";
import { checkNetwork, type CheckNetwork } from "../test-command/check-network";
import { closeConnections, keptAliveConnections } from "../probe/connections";
import { PROBE_DEFAULTS, type ProbeSettings } from "../probe/probe";
import type { DeclaredMonitor } from "../test-command/declared-monitor";
import { verdictOf, type Verdict } from "../test-command/verdict";
import { MonitorsFileError } from "../gitops/load-monitors";
import { isTimeZone } from "../util/time";
import { processIo, runCommand } from "./command";
import { numberOption, parseOptions, UsageError, type CliIo } from "../util/command-line";
import { jsonReport, junitReport, summary, textReport } from "../test-command/report";
import { fileDefaults, monitorsOfFile, TestDefaultsError, type StackConfig } from "../test-command/file-monitors";
import { projectName } from "../stack/project";
import { StackError } from "../stack/pulumi-command";
import { readStackConfig } from "../stack/stack-config";
// The preview and the state are read only for --stack: `--file` starts without that code.
const stackSources = () => import("../test-command/stack-monitors");

const TEST_USAGE = `Usage: pulumi-uptime test (--file FILE | --stack NAME | --deployed --stack NAME)
                          [--base-url FROM=TO]... [--json] [--junit FILE] [--concurrency N]
                          [--timeout SECONDS] [--ca FILE] [--time-zone ZONE]

Runs each declared monitor's check once, from this machine, as the service would: the
monitor's method, headers, basic auth and cache buster; its alert condition (with the
text lookup); within a timeout; for https URLs the certificate's expiry against
sslAlertDays. Reports for each monitor \`pass\`, \`alert\` with the reason the service
would give, or \`skipped\` with why (paused, in its maintenance window, or a value the
check needs is unknown until deploy).

Where the monitors come from:
  --file FILE        The GitOps monitors file. \${config:key} values are read from the
                     stack's config when --stack is given too.
  --stack NAME       Run in the program's directory: the monitors the Pulumi program
                     declares, as \`pulumi preview\` sees them (any language).
  --deployed         With --stack: the monitors in the stack's state (last update).

Options:
  --base-url FROM=TO Check TO... where a monitor's URL starts with FROM (repeatable),
                     e.g. to run the checks against a preview environment.
  --json             Print { "results": [{ "name", "url", "outcome", "reason" }] }.
  --junit FILE       Also write a JUnit XML report to FILE.
  --concurrency N    Checks at once, 1 to 1000. Default 10.
  --timeout SECONDS  Time for one check, redirects included. Default 10. This command's
                     choice, as are at most 5 redirects and 1 MiB of body read for a
                     text lookup: the service publishes no limits of its own.
  --ca FILE          PEM certificates to trust for https, added to the usual ones
                     (Node's, NODE_EXTRA_CA_CERTS, UPTIME_CA_CERTIFICATES, SSL_CERT_FILE).
  --time-zone ZONE   The account's time zone, for maintenance windows. Default: env
                     UPTIME_TIME_ZONE, else UTC.
  -h, --help         Show this help.

Exit code: 0 when no monitor would alert, 1 when any would, 2 for usage errors (and a
monitors file or stack that cannot be read). Credentials (the basic-auth password,
header values) are sent only to the monitor's own origin, and nothing secret is printed
or written to a report.`;

interface TestOptions {
  file?: string;
  stack?: string;
  deployed: boolean;
  baseUrls: { from: string; to: string }[];
  json: boolean;
  junit?: string;
  concurrency: number;
  timeoutMs: number;
  ca?: string;
  timeZone?: string;
}

function parse(argv: string[]): TestOptions | "help" {
  const values = parseOptions(argv, {
    file: { type: "string", short: "f" },
    stack: { type: "string", short: "s" },
    deployed: { type: "boolean" },
    "base-url": { type: "string", multiple: true },
    json: { type: "boolean" },
    junit: { type: "string" },
    concurrency: { type: "string" },
    timeout: { type: "string" },
    ca: { type: "string" },
    "time-zone": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  if (!values.file && !values.stack) throw new UsageError("give --file FILE, --stack NAME or --deployed --stack NAME");
  if (values.deployed && !values.stack) throw new UsageError("--deployed needs --stack NAME");
  if (values.deployed && values.file) throw new UsageError("--deployed and --file are two sources: give one");
  const baseUrls = (values["base-url"] ?? []).map((pair) => {
    const at = pair.indexOf("=");
    const from = pair.slice(0, at);
    const to = pair.slice(at + 1);
    if (at < 1 || !URL.canParse(from) || !URL.canParse(to)) {
      throw new UsageError(`--base-url takes FROM=TO, two URLs; got ${JSON.stringify(pair)}`);
    }
    return { from, to };
  });
  const concurrency = numberOption("concurrency", values.concurrency, 10, { min: 1, max: 1000, whole: true });
  const timeZone = values["time-zone"];
  if (timeZone !== undefined && !isTimeZone(timeZone))
    throw new UsageError(`--time-zone must be an IANA time zone; got ${JSON.stringify(timeZone)}`);
  return {
    file: values.file,
    stack: values.stack,
    deployed: values.deployed ?? false,
    baseUrls,
    json: values.json ?? false,
    junit: values.junit,
    concurrency,
    timeoutMs: Math.round(
      numberOption("timeout", values.timeout, PROBE_DEFAULTS.timeoutMs / 1000, { min: 0.05, max: 600 }) * 1000,
    ),
    ca: values.ca,
    timeZone,
  };
}

/**
 * `--base-url FROM=TO`: the first FROM that is a prefix of the URL at a boundary wins.
 */
function urlRewriter(pairs: readonly { from: string; to: string }[]): (url: string) => string {
  return (url) => {
    for (const { from, to } of pairs) {
      if (!url.startsWith(from)) continue;
      const rest = url.slice(from.length);
      if (from.endsWith("/") || rest === "" || /^[/?#]/.test(rest))
        return to.replace(/\/$/, "") + (from.endsWith("/") ? `/${rest}` : rest);
    }
    return url;
  };
}

/** Runs `work` over `items`, at most `limit` at a time, results in the items' order. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** The monitors of the source the options name. */
async function declaredMonitors(opts: TestOptions, io: CliIo): Promise<DeclaredMonitor[]> {
  const cwd = io.cwd ?? process.cwd();
  const target = { cwd, env: io.env, stack: opts.stack };
  if (opts.file) {
    // Without a stack there is no config to read `${config:key}` from, nor a project to name.
    if (!opts.stack) return monitorsOfFile(opts.file, undefined, undefined, fileDefaults(undefined, io.env));
    const config: StackConfig = await readStackConfig(target);
    return monitorsOfFile(opts.file, config, projectName(cwd), fileDefaults(config, io.env));
  }
  const stack = await stackSources();
  return opts.deployed ? stack.monitorsOfState(target) : stack.monitorsOfPreview(target);
}

/**
 * Checks `monitors` and says what the service would report of each, with each check's time.
 */
async function checkMonitors(
  monitors: readonly DeclaredMonitor[],
  options: { settings: ProbeSettings; concurrency: number; timeZone?: string; rewriteUrl?: (url: string) => string },
): Promise<{ results: Verdict[]; times: number[] }> {
  const times: number[] = new Array(monitors.length).fill(0);
  const results = await pool(monitors, options.concurrency, async (m, i) => {
    const started = performance.now();
    const v = await verdictOf(m, {
      settings: options.settings,
      timeZone: options.timeZone,
      rewriteUrl: options.rewriteUrl,
    });
    times[i] = performance.now() - started;
    return v;
  });
  return { results, times };
}

/**
 * Runs `pulumi-uptime test` with `argv` (the arguments after `test`).
 * @returns 0 when no monitor would alert, 1 when any would, 2 for usage errors.
 */
export async function runTest(argv: string[], io: CliIo = processIo()): Promise<number> {
  return runCommand("test", TEST_USAGE, argv, io, parse, (opts) => testMonitors(opts, io));
}

async function testMonitors(opts: TestOptions, io: CliIo): Promise<number> {
  let monitors: DeclaredMonitor[];
  try {
    monitors = await declaredMonitors(opts, io);
  } catch (err) {
    // File problems name the file, entry and field; stack errors name the command. Neither holds a value.
    io.stderr.write(`pulumi-uptime test: ${(err as Error).message}\n`);
    return err instanceof MonitorsFileError || err instanceof StackError || err instanceof TestDefaultsError ? 2 : 1;
  }
  let network: CheckNetwork;
  try {
    // SSL_CERT_FILE is read only when a check uses TLS: a bad one never fails an http-only run.
    const rewrite = urlRewriter(opts.baseUrls);
    const tls = monitors.some((m) => typeof m.args.url === "string" && /^https:/i.test(rewrite(m.args.url)));
    network = checkNetwork(io.env, opts.ca, tls);
  } catch (err) {
    io.stderr.write(`pulumi-uptime test: ${(err as Error).message}\n`);
    return 2;
  }
  const started = performance.now();
  const connections = keptAliveConnections();
  let checked: Awaited<ReturnType<typeof checkMonitors>>;
  try {
    checked = await checkMonitors(monitors, {
      settings: {
        ...PROBE_DEFAULTS,
        timeoutMs: opts.timeoutMs,
        loopbackOnly: false,
        ca: network.ca,
        proxyFor: network.proxyFor,
        connections,
      },
      concurrency: opts.concurrency,
      timeZone: opts.timeZone ?? io.env.UPTIME_TIME_ZONE,
      rewriteUrl: urlRewriter(opts.baseUrls),
    });
  } finally {
    closeConnections(connections);
  }
  const { results, times } = checked;
  const totalMs = performance.now() - started;
  if (opts.junit) {
    const tmp = `${opts.junit}.${process.pid}.tmp`;
    writeFileSync(tmp, junitReport(results, times, totalMs));
    renameSync(tmp, opts.junit);
  }
  if (opts.json) io.stdout.write(jsonReport(results));
  else io.stdout.write(textReport(results));
  if (opts.json && io.stderr.isTTY) io.stderr.write(`${summary(results)}\n`);
  return results.some((r) => r.outcome === "alert") ? 1 : 0;
}
