/**
 * A setup file of the unit suite (project `unit` of vitest.config.ts): what makes a unit
 * test a unit test is held here, not only promised by a list. In the unit suite's workers, listening on a
 * port, opening a connection, starting a process and loading PGlite (the local server's
 * database) each throw, naming the suite a file that needs them belongs to. So a file that
 * starts the local server, a target or a child process fails in `npm run test:unit` until it
 * is moved to the server suite (test/suites/index.ts), and the unit suite stays fast.
 */
import childProcess from "node:child_process";
import Module, { syncBuiltinESMExports } from "node:module";
import net from "node:net";

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
// `import { spawn } from "node:child_process"` reads the ES module's bindings: bring them in line.
syncBuiltinESMExports();

const PGLITE = "@electric-sql/pglite";
const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = loader._load;
loader._load = function (request: string, ...rest: unknown[]) {
  if (request === PGLITE || request.startsWith(`${PGLITE}/`)) refuse(`loading ${PGLITE}`)();
  return load.call(this, request, ...rest);
};
