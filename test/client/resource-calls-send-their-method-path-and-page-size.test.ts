/**
 * What each call of `client.monitors` and `client.incidents` sends, and what it makes of
 * the answer, on the in-process dispatcher (no sockets): method, path and page size; input
 * checked before anything is sent; a delete's body; the lookup by name.
 */
import { describe, expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { UptimeInputError, UptimeNotFoundError, UptimeResponseError } from "../../src/client/errors";
import {
  FAKE_BASE_URL,
  fakeDispatcher,
  transportError,
  type FakeReply,
  type SentRequest,
} from "./helpers/fake-dispatcher";
import { monitorBody } from "./helpers/tiny-server";

let keys = 0;

/** A client whose dispatcher answers with `reply`; each gets its own key, so no rate gate is shared. */
function clientAnswering(reply: (req: SentRequest, i: number) => FakeReply, timeZone = "UTC") {
  const fake = fakeDispatcher(reply);
  const client = new UptimeClient({
    baseUrl: FAKE_BASE_URL,
    apiKey: `resource-key-${++keys}`,
    dispatcher: fake.dispatcher,
    timeZone,
  });
  return { client, sent: fake.sent };
}

const onePage = (data: unknown[], more: Record<string, unknown> = {}): FakeReply => ({
  json: { data, meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length }, ...more },
});

const incident = {
  id: 4,
  monitor_id: 1,
  status: null,
  started_at: "2024-05-01T10:00:00.000000Z",
  acknowledged_at: null,
  ended_at: null,
  cause: "down",
  comment: null,
};

describe("lists", () => {
  it("a list sends per_page 25 when the query names none, and asks for page 1", async () => {
    const { client, sent } = clientAnswering(() => onePage([monitorBody()]));
    const page = await client.monitors.list();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/v1/monitors?per_page=25&page=1"]);
    expect(page.data.map((m) => m.name)).toEqual(["m1"]);
  });

  it("a list sends the page and page size asked for", async () => {
    const { client, sent } = clientAnswering(() => onePage([]));
    await client.incidents.list({ page: 3, per_page: 10 });
    expect(sent[0].path).toBe("/api/v1/incidents?per_page=10&page=3");
  });

  it("a walk of every item sends per_page 100 and asks page after page", async () => {
    const { client, sent } = clientAnswering((_r, i) => ({
      json: { data: [monitorBody({ id: i + 1, name: `m${i + 1}` })], meta: { current_page: i + 1, last_page: 2 } },
    }));
    const names: string[] = [];
    for await (const m of client.monitors.all()) names.push(m.name);
    expect(names).toEqual(["m1", "m2"]);
    expect(sent.map((r) => r.path)).toEqual([
      "/api/v1/monitors?per_page=100&page=1",
      "/api/v1/monitors?per_page=100&page=2",
    ]);
  });

  it("a walk names the list it reads when the instance ignores ?page", async () => {
    const { client } = clientAnswering(() => ({
      json: { data: [incident], meta: { current_page: 1, last_page: 3 } },
    }));
    const walking = (async () => {
      for await (const _ of client.incidents.pages()) void _;
    })();
    await expect(walking).rejects.toThrow(/^GET \/api\/v1\/incidents: page 2 came back as page 1 again/);
  });

  it("a walk starts at the page asked for", async () => {
    const { client, sent } = clientAnswering(() => onePage([]));
    for await (const _ of client.monitors.pages({ page: 2 })) void _;
    expect(sent[0].path).toBe("/api/v1/monitors?page=2&per_page=100");
  });

  it("a bad list query throws at the call, before the walk starts, sending nothing", async () => {
    const { client, sent } = clientAnswering(() => onePage([]));
    // A page size the query's type refuses, as an untyped caller could still send it.
    const tooLarge = { per_page: 1000 } as unknown as Parameters<typeof client.monitors.pages>[0];
    expect(() => client.monitors.pages(tooLarge)).toThrow(UptimeInputError);
    expect(() => client.monitors.pages(tooLarge)).toThrow(/monitor list query/);
    expect(sent).toHaveLength(0);
  });

  it("a list body that is not a page names the list and the status", async () => {
    const { client } = clientAnswering(() => ({ json: { data: "nope" } }));
    await expect(client.monitors.list()).rejects.toThrow(/^GET \/api\/v1\/monitors: unexpected response \(200\)/);
  });

  it("dates in a list come back in the account's zone", async () => {
    const { client } = clientAnswering(() => onePage([incident]), "Europe/Berlin");
    const page = await client.incidents.list();
    expect(page.data[0].started_at).toBe("2024-05-01T12:00:00");
  });
});

describe("records", () => {
  it("get reads the record under the id's path, its dates in the account's zone", async () => {
    const { client, sent } = clientAnswering(() => ({ json: { data: incident } }), "America/New_York");
    const got = await client.incidents.get(4);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/v1/incidents/4"]);
    expect(got.started_at).toBe("2024-05-01T06:00:00");
    expect(got.status).toBe("unresolved");
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 53])("an id of %s is refused before anything is sent", async (id) => {
    const { client, sent } = clientAnswering(() => ({ json: { data: incident } }));
    const error = await client.monitors.get(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UptimeInputError);
    expect((error as Error).message).toBe(`invalid monitor id: expected a positive whole number; got ${String(id)}`);
    expect((error as UptimeInputError).fields).toEqual({ id: ["expected a positive whole number"] });
    expect(sent).toHaveLength(0);
  });

  it("create posts the checked input as a form and reads the stored record", async () => {
    const { client, sent } = clientAnswering(() => ({
      status: 201,
      json: { data: monitorBody({ id: 9, name: "new" }) },
    }));
    const made = await client.monitors.create({ name: "new", url: "https://example.com", interval: 60 });
    expect(made.id).toBe(9);
    expect(sent[0].method).toBe("POST");
    expect(sent[0].path).toBe("/api/v1/monitors");
    expect(sent[0].body).toContain("name=new");
  });

  it("a create's or update's body that is no record names the write", async () => {
    const { client } = clientAnswering(() => ({ json: { message: "ok" } }));
    await expect(client.monitors.create({ name: "n", url: "https://e.example", interval: 60 })).rejects.toThrow(
      /^POST \/api\/v1\/monitors: unexpected response/,
    );
    await expect(client.incidents.update(4, { comment: "c" })).rejects.toThrow(
      /^PATCH \/api\/v1\/incidents\/4: unexpected/,
    );
  });

  it("create with bad input names the input and sends nothing", async () => {
    const { client, sent } = clientAnswering(() => ({ json: {} }));
    const error = await client.monitors.create({ name: "x", url: "not a url", interval: 60 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UptimeInputError);
    expect((error as Error).message).toContain("monitor input");
    expect(sent).toHaveLength(0);
  });

  it("update patches the record's path; bad input names the update and sends nothing", async () => {
    const { client, sent } = clientAnswering(() => ({ json: { data: { ...incident, comment: "seen" } } }));
    const updated = await client.incidents.update(4, { comment: "seen" });
    expect(updated.comment).toBe("seen");
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["PATCH /api/v1/incidents/4"]);
    const error = await client.incidents.update(4, { comment: 5 } as never).catch((e: unknown) => e);
    expect((error as Error).message).toContain("incident update");
    expect(sent).toHaveLength(1);
  });

  it("a record body with no record names the call", async () => {
    const { client } = clientAnswering(() => ({ json: { message: "ok" } }));
    const error = await client.monitors.get(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UptimeResponseError);
    expect((error as Error).message).toBe("GET /api/v1/monitors/1: unexpected response (200): no record under data");
  });
});

describe("deletes", () => {
  it("accepts an empty body and a body saying deleted", async () => {
    for (const reply of [{ status: 204 }, { json: { id: 3, deleted: true } }] as FakeReply[]) {
      const { client, sent } = clientAnswering(() => reply);
      await expect(client.monitors.delete(3)).resolves.toBeUndefined();
      expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /api/v1/monitors/3"]);
    }
  });

  it("fails when the service says the record was not deleted", async () => {
    const { client } = clientAnswering(() => ({ json: { deleted: false } }));
    await expect(client.incidents.delete(3)).rejects.toThrow(
      "DELETE /api/v1/incidents/3: unexpected response (200): the service says the record was not deleted",
    );
  });

  it("counts a 404 after a broken attempt as done, whatever its body", async () => {
    const { client, sent } = clientAnswering((_r, i) =>
      i === 0 ? { error: transportError("ECONNRESET") } : { status: 404, json: "<html>" },
    );
    await expect(client.monitors.delete(3)).resolves.toBeUndefined();
    expect(sent).toHaveLength(2);
  });

  it("reports a record that is not there", async () => {
    const { client } = clientAnswering(() => ({ status: 404, json: { message: "Not found." } }));
    await expect(client.monitors.delete(3)).rejects.toBeInstanceOf(UptimeNotFoundError);
  });
});

describe("the service's status", () => {
  it("reads the status message", async () => {
    const { client, sent } = clientAnswering(() => ({ json: { message: "Online." } }));
    expect(await client.status()).toEqual({ message: "Online." });
    expect(`${sent[0].method} ${sent[0].path}`).toBe("GET /api/v1/status");
  });

  it("is refused once the client is closed", async () => {
    const { client, sent } = clientAnswering(() => ({ json: { message: "Online." } }));
    await client.close();
    await expect(client.status()).rejects.toThrow("GET /api/v1/status: the uptime client was closed; create a new one");
    expect(sent).toHaveLength(0);
  });

  it("fails naming the status path when the body holds no message", async () => {
    const { client } = clientAnswering(() => ({ json: { up: true } }));
    await expect(client.status()).rejects.toThrow(
      /^GET \/api\/v1\/status: unexpected response \(200\): not a valid body at message/,
    );
  });
});

describe("finding a monitor by name", () => {
  it("searches by name with pages of 100 and prefers the exact spelling over a case variant", async () => {
    const { client, sent } = clientAnswering(() =>
      onePage([
        monitorBody({ id: 1, name: "API" }),
        monitorBody({ id: 2, name: "api" }),
        monitorBody({ id: 3, name: "apis" }),
      ]),
    );
    expect((await client.monitors.findByName("api"))?.id).toBe(2);
    expect(sent[0].path).toBe("/api/v1/monitors?search=api&search_by=name&per_page=100&page=1");
  });

  it("takes the first hit that differs only in case when none is spelt exactly", async () => {
    const { client } = clientAnswering(() =>
      onePage([
        monitorBody({ id: 1, name: "apis" }),
        monitorBody({ id: 2, name: "Api" }),
        monitorBody({ id: 3, name: "API" }),
      ]),
    );
    expect((await client.monitors.findByName("api"))?.id).toBe(2);
  });

  it("finds nothing when only longer names contain it", async () => {
    const { client } = clientAnswering(() => onePage([monitorBody({ id: 1, name: "apis" })]));
    expect(await client.monitors.findByName("api")).toBeUndefined();
  });
});
