/**
 * A standard company proxy for the proxy tests: Debian's Squid (scripts/ensure-squid.sh
 * installs it on a machine that lacks it) in the package's default configuration, read from
 * /etc/squid/squid.conf, so its access rules are Debian's own: CONNECT only to port 443
 * (`http_access deny CONNECT !SSL_ports`), plain HTTP served as absolute-form requests. Only
 * what a second instance on a test machine needs is changed: it listens on a free loopback
 * port and keeps its pid, logs and core files in a temporary directory. `sslPorts` adds
 * ports to `SSL_ports`, as a company lists the TLS ports it allows, so that an https target
 * on a test port can be tunnelled to.
 */
import { execFileSync, spawn } from "node:child_process";
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { closedPort } from "./closed-port";
import { untilReady } from "./started-process";

const ROOT = resolve(__dirname, "..", "..");
const DEFAULT_CONFIG = "/etc/squid/squid.conf";
/** The default rule the tests depend on: without it this is not the proxy they claim to test. */
const CONNECT_RULE = "http_access deny CONNECT !SSL_ports";

/** A running Squid. */
export interface Squid {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Its access log: one line per request, with the method and the URL (`CONNECT 127.0.0.1:443`, `GET http://...`). */
  accessLog(): string;
  /** Lines of the access log that hold `marker`, as `METHOD URL STATUS`. */
  requests(marker: string): string[];
  stop(): Promise<void>;
}

/** Path of Squid, installing Debian's package first when it is missing (once per machine). */
function ensureSquid(): string {
  return execFileSync("bash", [join(ROOT, "scripts", "ensure-squid.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 600_000,
  }).trim();
}

/** Debian's default configuration, moved to `port` and `dir`; `sslPorts` added to SSL_ports. */
function configuration(port: number, dir: string, sslPorts: number[], asRoot: boolean): string {
  const lines = readFileSync(DEFAULT_CONFIG, "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.trimStart().startsWith("#"));
  if (!lines.includes(CONNECT_RULE)) throw new Error(`${DEFAULT_CONFIG} no longer holds "${CONNECT_RULE}"`);
  const out: string[] = [];
  for (const line of lines) {
    if (/^(http_port|coredump_dir)\s/.test(line)) continue;
    out.push(line);
    if (/^acl SSL_ports port 443\b/.test(line)) for (const p of sslPorts) out.push(`acl SSL_ports port ${p}`);
  }
  out.push(
    `http_port 127.0.0.1:${port}`,
    `coredump_dir ${dir}`,
    `pid_filename ${dir}/squid.pid`,
    `access_log stdio:${dir}/access.log squid`,
    `cache_log ${dir}/cache.log`,
    // Ends at once when stopped (the default waits 30 s for open connections).
    "shutdown_lifetime 0 seconds",
    // No helper that would ping the sites.
    "pinger_enable off",
    // Squid refuses to run as root: it gives up root for this user, who owns `dir`.
    ...(asRoot ? ["cache_effective_user nobody"] : []),
  );
  return out.join("\n") + "\n";
}

/** Starts Squid on a free loopback port; resolves once it accepts connections. */
export async function startSquid(options: { sslPorts?: number[] } = {}): Promise<Squid> {
  const squid = ensureSquid();
  const dir = mkdtempSync(join(tmpdir(), "uptime-squid-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync("id", [flag, "nobody"], { encoding: "utf8" }).trim());
    chownSync(dir, id("-u"), id("-g"));
  }
  const port = await closedPort();
  const conf = join(dir, "squid.conf");
  writeFileSync(conf, configuration(port, dir, options.sslPorts ?? [], asRoot));
  // -N: in the foreground; -d 1: its start-up messages on stderr as well.
  const child = spawn(squid, ["-N", "-d", "1", "-f", conf], { stdio: ["ignore", "pipe", "pipe"] });
  const started = await untilReady(child, "squid", "Accepting HTTP Socket connections");
  const accessLog = () => {
    try {
      return readFileSync(join(dir, "access.log"), "utf8");
    } catch {
      return "";
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    accessLog,
    requests: (marker) =>
      accessLog()
        .split("\n")
        .filter((line) => line.includes(marker))
        .map((line) => {
          // squid format: time elapsed client code/status bytes method URL user hierarchy type
          const f = line.trim().split(/\s+/);
          return `${f[5]} ${f[6]} ${f[3].split("/")[1]}`;
        }),
    stop: async () => {
      await started.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
