/**
 * A real proxy for the proxy tests: mitmproxy's mitmdump, from a venv under .tools made from
 * the pinned test/support/mitmproxy/requirements.txt (test/support/python-venv.ts). It
 * logs each request it forwards (`GET http://127.0.0.1:PORT/api/v1/...`), can ask for a
 * user and password (407 without them), and inspects TLS with its own CA, which it writes
 * to its confdir at start.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { closedPort } from "./closed-port";
import { ensureVenv } from "./python-venv";
import { untilReady } from "./started-process";

const REPO = resolve(__dirname, "../..");
const REQUIREMENTS = join(REPO, "test/support/mitmproxy/requirements.txt");

/** A running mitmdump. */
export interface Mitmproxy {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** The CA it signs the certificates of inspected TLS connections with (PEM file). */
  caFile: string;
  /** Everything it printed so far. */
  log(): string;
  /** Whether it forwarded a GET of `url` (a prefix of it, the query in any order) whose query holds `marker`. */
  forwarded(url: string, marker: string): boolean;
  stop(): Promise<void>;
}

/** What the proxy does beyond forwarding. */
export interface MitmproxyOptions {
  /** `user:password` it asks for (407 without). */
  auth?: string;
  /** CA file it trusts for the servers it connects to (for inspecting TLS to the local server). */
  upstreamCa?: string;
  /** Rewrites of the URLs it forwards, mitmproxy's `map_remote` (`|<url regex>|<replacement>`). */
  mapRemote?: string[];
}

/** Makes the venv (once per machine; a few seconds when its stamp matches) and resolves to mitmdump's path. */
export async function ensureMitmdump(): Promise<string> {
  const bin = await ensureVenv({ dir: join(REPO, ".tools", "mitmproxy-venv"), requirements: REQUIREMENTS });
  return join(bin, "mitmdump");
}

/** Starts mitmdump on a free loopback port; resolves once it listens. */
export async function startMitmproxy(options: MitmproxyOptions = {}): Promise<Mitmproxy> {
  const mitmdump = await ensureMitmdump();
  const confdir = mkdtempSync(join(tmpdir(), "uptime-mitm-"));
  const port = await closedPort();
  const args = ["--listen-host", "127.0.0.1", "--listen-port", String(port), "--set", `confdir=${confdir}`];
  if (options.auth) args.push("--proxyauth", options.auth);
  if (options.upstreamCa) args.push("--set", `ssl_verify_upstream_trusted_ca=${options.upstreamCa}`);
  for (const rule of options.mapRemote ?? []) args.push("--map-remote", rule);
  // A tunnel's server is then reached only for its first request, after the rewrite.
  if (options.mapRemote?.length) args.push("--set", "connection_strategy=lazy");
  const child: ChildProcess = spawn(mitmdump, args, {
    stdio: ["ignore", "pipe", "pipe"],
    // Wide enough that it logs whole URLs rather than cutting them at 80 columns.
    env: { ...process.env, COLUMNS: "1000" },
  });
  const started = await untilReady(child, "mitmdump", "proxy listening at");
  return {
    url: `http://127.0.0.1:${port}`,
    caFile: join(confdir, "mitmproxy-ca-cert.pem"),
    log: started.log,
    forwarded: (url, marker) =>
      started
        .log()
        .split("\n")
        .some((line) => line.includes(`GET ${url}`) && line.includes(marker)),
    stop: started.stop,
  };
}
