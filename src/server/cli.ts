#!/usr/bin/env node
/**
 * `uptime-server`: runs the local server until SIGINT or SIGTERM. Prints one
 * machine-readable line `uptime-server listening on <url>` once it accepts requests,
 * then one line per request (never the Authorization header).
 */
import { parseCli, USAGE } from "./cli-args";
import { startUptimeServer } from "./server";
import { DEFAULT_API_KEY, type CheckOptions } from "./types";

/** The banner's line about checking. */
function describeChecks(checks: boolean | CheckOptions | undefined): string {
  if (!checks) return "off (--no-checks)";
  const o = checks === true ? {} : checks;
  const when =
    o.schedule === false
      ? "only on POST /__local/checks/run"
      : `at each monitor's interval${o.timeScale && o.timeScale !== 1 ? ` sped up ${o.timeScale}x` : ""}`;
  return `${when}${o.loopbackOnly ? ", loopback targets only" : ""}`;
}

async function main(): Promise<void> {
  const command = parseCli(process.argv.slice(2), process.env);
  if (command.kind === "help") {
    process.stdout.write(USAGE);
    return;
  }
  if (command.kind === "error") {
    process.stderr.write(`uptime-server: ${command.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const log = command.quiet
    ? undefined
    : (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
  const server = await startUptimeServer({ ...command.options, log });
  // One write, "listening" last: whoever waits for that line has the whole banner.
  process.stdout.write(
    // Only the built-in key is printed: a key the user chose is theirs to keep quiet.
    (command.defaultKey
      ? `API key: ${DEFAULT_API_KEY}\n`
      : `API keys: ${command.options.accounts?.length ?? 0} configured\n`) +
      `storage: ${command.options.dataDir ? command.options.dataDir : "in memory (lost on exit)"}\n` +
      `checks: ${describeChecks(command.options.checks)}\n` +
      (command.options.staleReadsMs
        ? `stale reads: show and list lag each write by ${command.options.staleReadsMs} ms\n`
        : "") +
      `status page: ${server.url}/ (sign in with any user name and the API key as password)\n` +
      `uptime-server listening on ${server.url}\n`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second signal means "now".
      process.exit(130);
    }
    stopping = true;
    process.stdout.write(`uptime-server: ${signal}, shutting down\n`);
    server.close().then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`uptime-server: error while closing: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((err) => {
  process.stderr.write(`uptime-server: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
