/**
 * The deferred-write test hook: the write's connection is dropped at once, the write is
 * kept, and it is handled after the next matching read was handled but before that read's
 * answer goes out. So the read misses it and the next request finds it, every time.
 */
import { expect, test } from "vitest";
import { api, monitorInput } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());

test("the write is lost to its client, missed by the next read, then committed before that read's answer", async () => {
  const deferred = server.deferWrite({
    method: "POST",
    path: /^\/api\/v1\/monitors$/,
    until: { method: "GET", path: /^\/api\/v1\/monitors$/ },
  });
  const lost = await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ name: "In flight" }) }).then(
    () => "answered",
    () => "dropped",
  );
  expect(lost).toBe("dropped");
  // Other requests pass untouched while it waits.
  expect((await api(server, "GET", "/api/v1/monitors/999")).status).toBe(404);

  const lookup = await api(server, "GET", "/api/v1/monitors?search=In%20flight");
  expect(lookup.body.data).toEqual([]);
  expect(await deferred.handled).toBe(201);
  const after = await api(server, "GET", "/api/v1/monitors?search=In%20flight");
  expect(after.body.data.map((m: { name: string }) => m.name)).toEqual(["In flight"]);
  expect(server.requests.filter((r) => r.method === "POST").map((r) => r.status)).toEqual([201]);

  // One-shot: the next store is answered as usual.
  expect((await api(server, "POST", "/api/v1/monitors", { form: monitorInput() })).status).toBe(201);
});
