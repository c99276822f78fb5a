/**
 * A hold lets the first `after` matching requests through, keeps later ones received but
 * unhandled until released, and then handles or drops them; other requests pass untouched.
 */
import { expect, test } from "vitest";
import { api, monitorInput } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());

const MONITORS = /^\/api\/v1\/monitors$/;
const names = async (prefix: string) =>
  (
    (await api(server, "GET", `/api/v1/monitors?per_page=100&search=${encodeURIComponent(prefix)}`)).body.data as {
      name: string;
    }[]
  )
    .map((m) => m.name)
    .sort();
const store = (name: string) => api(server, "POST", "/api/v1/monitors", { form: monitorInput({ name }) });

test("after k stores the next ones wait, unanswered and unstored, while reads go on", async () => {
  const hold = server.hold({ methods: ["POST"], path: MONITORS, after: 2 });
  expect((await store("held-a 1")).status).toBe(201);
  expect((await store("held-a 2")).status).toBe(201);
  let answered = 0;
  const third = store("held-a 3").then((r) => (answered++, r));
  const fourth = store("held-a 4").then((r) => (answered++, r));
  await hold.waitHeld(2, 10_000);

  expect(hold.passed()).toBe(2);
  expect(hold.held()).toBe(2);
  expect(answered).toBe(0);
  // A read is not held, and shows that the held stores have not been handled.
  expect(await names("held-a ")).toEqual(["held-a 1", "held-a 2"]);
  const records = server.requests.filter((r) => r.method === "POST" && r.path === "/api/v1/monitors").slice(-2);
  expect(records.map((r) => r.status)).toEqual([0, 0]);

  await hold.release("handle");
  expect((await third).status).toBe(201);
  expect((await fourth).status).toBe(201);
  expect(await names("held-a ")).toEqual(["held-a 1", "held-a 2", "held-a 3", "held-a 4"]);
  expect(hold.held()).toBe(0);
});

test("a drop release closes the held connections and stores nothing; later stores are handled", async () => {
  const hold = server.hold({ methods: ["POST"], path: MONITORS });
  const dropped = store("held-b 1");
  await hold.waitHeld(1, 10_000);
  await hold.release("drop");
  await expect(dropped).rejects.toThrow();
  expect(await names("held-b ")).toEqual([]);
  expect((await store("held-b 2")).status).toBe(201);
  expect(await names("held-b ")).toEqual(["held-b 2"]);
});

test("a held store whose client went away still commits when handled", async () => {
  const hold = server.hold({ methods: ["POST"], path: MONITORS });
  const controller = new AbortController();
  const gone = api(server, "POST", "/api/v1/monitors", {
    form: monitorInput({ name: "held-c 1" }),
    signal: controller.signal,
  });
  await hold.waitHeld(1, 10_000);
  controller.abort();
  await expect(gone).rejects.toThrow();
  await hold.release("handle");
  expect(await names("held-c ")).toEqual(["held-c 1"]);
});

test("waitHeld fails with what it saw when nothing arrives", async () => {
  const hold = server.hold({ methods: ["DELETE"] });
  await expect(hold.waitHeld(1, 50)).rejects.toThrow(/waiting for 1 held request\(s\); 0 held, 0 let through/);
  await hold.release();
});

test("after must be a non-negative integer", () => {
  expect(() => server.hold({ after: -1 })).toThrow(/hold.after/);
});
