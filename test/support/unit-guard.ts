/**
 * A setup file of the unit suite (project `unit` of vitest.config.ts): what makes a unit test
 * a unit test is held here, not only promised by a list. In the unit suite's workers, listening
 * on a port, opening a connection, starting a process, loading PGlite (the local server's
 * database, by `require` or by `import()`), looking a name up in DNS, opening a UDP socket
 * and starting a worker thread each throw, naming the suite a file that needs them belongs
 * to. So a file that starts the local server, a target or a child process fails in
 * `npm run test:unit` until it is moved to the server suite (test/suites/index.ts), and the
 * unit suite stays fast.
 */
import childProcess from "node:child_process";
import dgram from "node:dgram";
import dns from "node:dns";
import Module, { register, syncBuiltinESMExports } from "node:module";
import net from "node:net";
import { pathToFileURL } from "node:url";
import workerThreads from "node:worker_threads";

const MOVE =
  "unit tests start no server or process and open no connection: list this file in SERVER_TESTS (test/suites/index.ts)";

function refuse(what: string): () => never {
  return () => {
    throw new Error(`${what} in the unit suite: ${MOVE}`);
  };
}

net.Server.prototype.listen = refuse("net.Server.listen");
net.Socket.prototype.connect = refuse("net.Socket.connect");
const processStarters = ["spawn", "spawnSync", "fork", "exec", "execSync", "execFile", "execFileSync"] as const;
for (const name of processStarters) {
  (childProcess as unknown as Record<string, unknown>)[name] = refuse(`child_process.${name}`);
}

// DNS: each way to look a name up, callback and promise, module functions and Resolver methods.
const DNS_QUERIES = [
  "lookup",
  "lookupService",
  "resolve",
  "resolve4",
  "resolve6",
  "resolveAny",
  "resolveCaa",
  "resolveCname",
  "resolveMx",
  "resolveNaptr",
  "resolveNs",
  "resolvePtr",
  "resolveSoa",
  "resolveSrv",
  "resolveTxt",
  "reverse",
] as const;
const dnsApis: [string, object][] = [
  ["dns", dns],
  ["dns.promises", dns.promises],
  ["dns.Resolver", dns.Resolver.prototype],
  ["dns.promises.Resolver", dns.promises.Resolver.prototype],
];
for (const [where, api] of dnsApis) {
  for (const name of DNS_QUERIES) {
    if (name in api) (api as Record<string, unknown>)[name] = refuse(`${where}.${name}`);
  }
}

// UDP: Node makes its sockets only by createSocket (its docs forbid `new dgram.Socket`).
dgram.createSocket = refuse("dgram.createSocket");

// Worker threads: the class itself, so `new Worker(...)` throws before any thread starts.
(workerThreads as { Worker: unknown }).Worker = function Worker() {
  refuse("new worker_threads.Worker")();
};

// `import { spawn } from "node:child_process"` reads the ES module's bindings: bring them in line.
syncBuiltinESMExports();

const PGLITE = "@electric-sql/pglite";
// `import()` of PGlite (an ES module) goes through the ES module loader, not `require`: a
// resolve hook refuses it there (test/support/unit-guard-hooks.mjs), once per process.
const HOOKED = Symbol.for("pulumi-uptime.unit-guard.hooks");
const marks = globalThis as { [HOOKED]?: boolean };
if (!marks[HOOKED]) {
  marks[HOOKED] = true;
  register(pathToFileURL(`${__dirname}/unit-guard-hooks.mjs`), { data: { pkg: PGLITE, move: MOVE } });
}
const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = loader._load;
loader._load = function (request: string, ...rest: unknown[]) {
  if (request === PGLITE || request.startsWith(`${PGLITE}/`)) refuse(`loading ${PGLITE}`)();
  return load.call(this, request, ...rest);
};
