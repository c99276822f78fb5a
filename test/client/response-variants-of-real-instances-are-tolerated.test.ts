/**
 * Response shapes that only some real instances send, served as recorded bodies by a
 * tiny node:http server (the project's server sends the canonical shapes only). Each test
 * is named for the tolerance it proves.
 */
import { describe, expect, it } from "vitest";
import { UptimeNotFoundError, UptimeResponseError, UptimeValidationError } from "../../src/client/errors";
import { monitorBody, type Reply, type SeenRequest } from "./helpers/tiny-server";
import { tinyServerAndClient, type TinyServerAndClient } from "../support/tiny-server-and-client";

const tiny = tinyServerAndClient("tolerance-test-key");

/** A server answering with `handler` and a client of it reading dates in `timeZone`. */
function serve(handler: (req: SeenRequest, i: number) => Reply, timeZone = "UTC"): Promise<TinyServerAndClient> {
  return tiny.serve(handler, { timeZone });
}

describe("the client tolerates", () => {
  it("a stored list that comes back as an object keyed by position", async () => {
    const { client } = await serve(() => ({
      json: {
        data: monitorBody({
          alerts: { "1": { key: "email", value: "b@example.com" }, "0": { key: "sms", value: "+491" } },
          request_headers: { "2": { key: "X-A", value: "1" } },
        }),
      },
    }));
    const m = await client.monitors.get(1);
    expect(m.alerts).toEqual([
      { key: "sms", value: "+491" },
      { key: "email", value: "b@example.com" },
    ]);
    expect(m.request_headers).toEqual([{ key: "X-A", value: "1" }]);
  });

  it("a list page whose data is an object keyed by position", async () => {
    const { client } = await serve(() => ({
      json: {
        data: { "0": monitorBody({ id: 1 }), "1": monitorBody({ id: 2, name: "m2" }) },
        meta: { current_page: 1, last_page: 1, total: 2, per_page: 25 },
      },
    }));
    const page = await client.monitors.list();
    expect(page.data.map((m) => m.id)).toEqual([1, 2]);
  });

  it("a plain paginator with counters beside data and no meta", async () => {
    const { client, server } = await serve((req) => {
      const page = Number(new URL(req.url, "http://x").searchParams.get("page"));
      return {
        json: {
          current_page: page,
          last_page: 2,
          per_page: 10,
          total: 11,
          data:
            page === 1
              ? Array.from({ length: 10 }, (_, i) => monitorBody({ id: i + 1, name: `m${i + 1}` }))
              : [monitorBody({ id: 11, name: "m11" })],
        },
      };
    });
    const ids: number[] = [];
    for await (const m of client.monitors.all({ per_page: 10 })) ids.push(m.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(server.requests).toHaveLength(2);
  });

  it("a list with no counters at all, only a next link", async () => {
    const { client, server } = await serve((req) => {
      const page = Number(new URL(req.url, "http://x").searchParams.get("page"));
      return {
        json: {
          data: [monitorBody({ id: page, name: `m${page}` })],
          links: { next: page < 3 ? `http://x/api/v1/monitors?page=${page + 1}` : null },
        },
      };
    });
    const ids: number[] = [];
    for await (const m of client.monitors.all()) ids.push(m.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(server.requests).toHaveLength(3);
  });

  it("dates without Z, without fractions, with fractions, and with an offset, all turned into local wall time", async () => {
    const { client } = await serve(
      () => ({
        json: {
          data: monitorBody({
            maintenance_start_at: "2024-05-01T10:00:00.000000Z",
            maintenance_end_at: "2024-05-01 12:30:00",
            created_at: "2024-05-01T10:00:00Z",
            updated_at: "2024-05-01T12:00:00+02:00",
            checked_at: null,
          }),
        },
      }),
      "Europe/Berlin",
    );
    const m = await client.monitors.get(1);
    expect(m).toMatchObject({
      maintenance_start_at: "2024-05-01T12:00:00",
      maintenance_end_at: "2024-05-01T14:30:00",
      created_at: "2024-05-01T12:00:00",
      updated_at: "2024-05-01T12:00:00",
      checked_at: null,
    });
  });

  it("200 instead of 201 on store, and a status field that disagrees with the HTTP status", async () => {
    const { client } = await serve(() => ({ status: 200, json: { data: monitorBody({ id: 7 }), status: 201 } }));
    const m = await client.monitors.create({ name: "m1", url: "https://example.com", interval: 60 });
    expect(m.id).toBe(7);
  });

  it("a record sent bare, without the data wrapper", async () => {
    const { client } = await serve(() => ({ json: monitorBody({ id: 9 }) }));
    expect((await client.monitors.get(9)).id).toBe(9);
  });

  it("numbers sent as strings and missing optional fields", async () => {
    const { client } = await serve(() => ({
      json: {
        data: { id: "5", name: "m", url: "https://e.com", interval: "300", cache_buster: "1", ssl_alert_days: "7" },
      },
    }));
    expect(await client.monitors.get(5)).toMatchObject({
      id: 5,
      interval: 300,
      cache_buster: 1,
      ssl_alert_days: 7,
      alerts: [],
      status: "pending",
    });
  });

  it("a 422 whose message is a field map with dot keys", async () => {
    const { client } = await serve(() => ({
      status: 422,
      json: { message: { "alerts.0.value": ["The alerts.0.value must be a valid email address."] }, status: 422 },
    }));
    const err = await client.monitors.update(12, { name: "x" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UptimeValidationError);
    expect((err as UptimeValidationError).fields).toEqual({
      "alerts[0].value": ["The alerts.0.value must be a valid email address."],
    });
  });

  it("a 422 in Laravel's default shape: message string and an errors map", async () => {
    const { client } = await serve(() => ({
      status: 422,
      json: { message: "The given data was invalid.", errors: { url: ["The url must be a valid URL."] } },
    }));
    const err = (await client.monitors.update(12, { name: "x" }).catch((e: unknown) => e)) as UptimeValidationError;
    expect(err.fields).toEqual({ url: ["The url must be a valid URL."] });
    expect(err.message).toBe("PATCH /api/v1/monitors/12: the service rejected url: The url must be a valid URL.");
  });

  it("a 404 with a message string, or with an HTML body", async () => {
    const { client } = await serve((_r, i) =>
      i === 0
        ? { status: 404, json: { message: "Resource not found.", status: 404 } }
        : { status: 404, text: "<html>nope</html>", headers: { "content-type": "text/html" } },
    );
    await expect(client.monitors.get(12)).rejects.toThrow(
      "GET /api/v1/monitors/12: not found (404): Resource not found.",
    );
    const second = await client.monitors.get(12).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(UptimeNotFoundError);
    expect((second as Error).message).toBe("GET /api/v1/monitors/12: not found (404).");
  });

  it("a delete answered with 204 and no body, or with the deleted envelope", async () => {
    const { client } = await serve((_r, i) =>
      i === 0 ? { status: 204 } : { json: { id: 3, object: "monitor", deleted: true, status: 200 } },
    );
    await expect(client.monitors.delete(3)).resolves.toBeUndefined();
    await expect(client.monitors.delete(3)).resolves.toBeUndefined();
  });

  it("an incident without status, deriving it from the timestamps", async () => {
    const { client } = await serve(() => ({
      json: {
        data: {
          id: 1,
          monitor_id: 2,
          started_at: "2024-05-01T10:00:00.000000Z",
          acknowledged_at: "2024-05-01T10:05:00.000000Z",
          ended_at: null,
          cause: null,
          comment: null,
        },
      },
    }));
    expect(await client.incidents.get(1)).toMatchObject({
      status: "acknowledged",
      started_at: "2024-05-01T10:00:00",
      acknowledged_at: "2024-05-01T10:05:00",
      ended_at: null,
    });
  });
});

describe("the client refuses, naming the endpoint and paths but no values,", () => {
  it("a body that is not JSON", async () => {
    const { client } = await serve(() => ({ text: "<html>maintenance</html>" }));
    const err = await client.monitors.get(1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UptimeResponseError);
    expect((err as Error).message).toBe("GET /api/v1/monitors/1: unexpected response (200): the body is not JSON");
  });

  it("a record missing required fields, without echoing secrets from the body", async () => {
    const secret = "https://hooks.slack.com/services/T000/B000/SECRETSECRET";
    const { client } = await serve(() => ({
      json: { data: { id: 1, name: 42, interval: "often", alerts: [{ key: "slack", value: secret }] } },
    }));
    const err = (await client.monitors.get(1).catch((e: unknown) => e)) as UptimeResponseError;
    expect(err).toBeInstanceOf(UptimeResponseError);
    expect(err.message).toMatch(/^GET \/api\/v1\/monitors\/1: unexpected response \(200\): not a valid body at /);
    expect(err.message).toContain("data.name");
    expect(err.message).toContain("data.url");
    expect(err.message).toContain("data.interval");
    expect(err.message).not.toContain("SECRET");
    expect(err.status).toBe(200);
  });

  it("a body with no record in it", async () => {
    const { client } = await serve(() => ({ json: { status: 200 } }));
    await expect(client.incidents.get(1)).rejects.toThrow(
      "GET /api/v1/incidents/1: unexpected response (200): no record under data",
    );
  });
});
