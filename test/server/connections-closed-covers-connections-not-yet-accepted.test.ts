/**
 * `connectionsClosed` covers a connection a client established, used and closed before the
 * server accepted it (it sat in the kernel's accept queue): by the time it resolves, that
 * request has reached the pipeline. The killed-run tests count on this to see every create
 * a killed engine had sent before they release their hold.
 */
import { spawnSync } from "node:child_process";
import { expect, test } from "vitest";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());

test("a request on a connection still in the accept queue is recorded and held before connectionsClosed resolves", async () => {
  const hold = server.hold({ methods: ["POST"], path: /^\/api\/v1\/monitors$/ });
  try {
    const { hostname, port } = new URL(server.url);
    const client =
      `const s = require("node:net").connect(${port}, "${hostname}", () => s.write(` +
      `"POST /api/v1/monitors HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: application/json\\r\\nContent-Length: 2\\r\\n\\r\\n{}", () => process.exit(0)));`;
    // spawnSync blocks this process's event loop, the server's with it: the kernel completes
    // the child's handshake and queues the connection, the child sends its request and exits,
    // and the server has accepted nothing yet.
    const child = spawnSync(process.execPath, ["-e", client], { timeout: 10_000 });
    expect(child.status, String(child.stderr)).toBe(0);
    const before = server.requests.length;

    await server.connectionsClosed();
    expect(server.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(["POST /api/v1/monitors"]);
    expect(hold.held()).toBe(1);
  } finally {
    await hold.release("drop");
  }
});
