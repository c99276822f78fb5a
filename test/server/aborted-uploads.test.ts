/** A client that disconnects in the middle of a body leaves nothing pending and nothing stored. */
import net from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { api, snapshot } from "../support/api";
import { DEFAULT_API_KEY, startTestServer, type UptimeServer } from "../support/server";

let server: UptimeServer;
const log: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ log: (line) => log.push(line) });
});
afterAll(() => server.close());

test("half a body, then a reset: no write, the request is recorded as unanswered, the server carries on", async () => {
  const before = await snapshot(server);
  const socket = net.connect(server.port, "127.0.0.1");
  await new Promise((r) => socket.once("connect", r));
  const body = "name=Half&url=https%3A%2F%2Fexample.com&interval=60";
  socket.write(
    `POST /api/v1/monitors HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${DEFAULT_API_KEY}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length + 100}\r\n\r\n${body}`,
  );
  await new Promise((r) => setTimeout(r, 100));
  socket.destroy();
  // The handler finished (it logs once done) without an answer.
  await expect
    .poll(() => log.find((l) => l.startsWith("POST /api/v1/monitors")) ?? "", { timeout: 5000 })
    .toMatch(/^POST \/api\/v1\/monitors dropped \d+ms \(client closed the connection\)$/);
  expect(server.requests.find((r) => r.method === "POST")?.status).toBe(0);
  expect(await snapshot(server)).toEqual(before);
  expect((await api(server, "GET", "/api/v1/status")).status).toBe(200);
});
