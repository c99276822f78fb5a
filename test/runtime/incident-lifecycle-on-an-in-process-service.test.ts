/**
 * The incident's lifecycle through the runtime's operations (operations.ts,
 * incident/incident-lifecycle.ts) against an in-process stand-in for the service
 * (test/support/fake-incident-service.ts): a create whose answer is lost finds its own
 * incident instead of storing a second; a refusal because of an incident the service
 * opened says so; read, update and delete as Pulumi calls them. (The same against the local
 * server: incident-lifecycle.test.ts and incident-lives-with-a-service-that-ends-it.test.ts.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { incidentOperations } from "../../src/runtime/operations";
import { fakeIncidentService, transportError, type FakeIncidentService } from "../support/fake-incident-service";

const services: FakeIncidentService[] = [];
function service() {
  const s = fakeIncidentService();
  services.push(s);
  const ops = incidentOperations({ client: () => s.client, timeZone: () => "UTC" });
  return { s, ops };
}
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.client.close()));
});

const inputs = { monitorId: 3, startedAt: "2026-01-01T00:00:00", cause: "down", __resourceName: "outage" };
const isPost = (r: { method: string }) => r.method === "POST";

describe("create", () => {
  it("stores the incident and returns its id and outputs", async () => {
    const { s, ops } = service();
    const made = await ops.create(inputs);
    expect(made.id).toBe("1");
    expect(made.outs).toMatchObject({
      incidentId: 1,
      monitorId: 3,
      startedAt: "2026-01-01T00:00:00",
      cause: "down",
      status: "unresolved",
    });
    expect(s.incidents.size).toBe(1);
  });

  it("whose answer was lost finds the incident it stored instead of storing another", async () => {
    const { s, ops } = service();
    s.fault(isPost, { error: transportError("ECONNRESET") }, true);
    const made = await ops.create(inputs);
    expect(made.id).toBe("1");
    expect(s.incidents.size).toBe(1);
    expect(s.sent.map((r) => r.method)).toEqual(["POST", "GET"]);
  });

  it("whose answer was lost before anything was stored stores it once more", async () => {
    const { s, ops } = service();
    s.fault(isPost, { error: transportError("ECONNRESET") });
    const made = await ops.create(inputs);
    expect(made.id).toBe("1");
    expect(s.sent.map((r) => r.method)).toEqual(["POST", "GET", "POST"]);
  });

  it("refuses when another incident of the monitor starts then and is not the one sent", async () => {
    const { s, ops } = service();
    s.fault(isPost, { error: transportError("ECONNRESET") });
    await ops.create({ ...inputs, cause: "other", __resourceName: "first" });
    s.fault(isPost, { error: transportError("ECONNRESET") });
    await expect(ops.create(inputs)).rejects.toThrow(
      /^Incident "outage": an incident of monitor 3 starting 2026-01-01T00:00:00 already exists \(id 1\) and it is not the one this create sent \(cause differs\), so nothing was stored\./,
    );
  });

  it("refused because of an ongoing incident the program did not declare says so and what to do", async () => {
    const { s, ops } = service();
    await ops.create({ monitorId: 3, startedAt: "2025-12-31T00:00:00", cause: "503", __resourceName: "checker" });
    s.fault(isPost, { status: 422, json: { message: "invalid", errors: { monitor_id: ["has an ongoing incident"] } } });
    const error = await ops.create(inputs).catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      'Incident "outage": monitor 3 already has an ongoing incident (id 1, started 2025-12-31T00:00:00, cause "503")',
    );
    expect((error as { fields?: object }).fields).toEqual({ monitorId: ["already has an ongoing incident"] });
  });

  it("refused for another reason names the field", async () => {
    const { s, ops } = service();
    s.fault(isPost, { status: 422, json: { message: "invalid", errors: { started_at: ["is in the future"] } } });
    await expect(ops.create(inputs)).rejects.toThrow(
      'Incident "outage": the service rejected startedAt: is in the future',
    );
  });

  it("fails naming the resource when the client cannot be made", async () => {
    const ops = incidentOperations({
      client: () => {
        throw new Error("pulumi-uptime is not configured");
      },
      timeZone: () => "UTC",
    });
    await expect(ops.create(inputs)).rejects.toThrow('Incident "outage": pulumi-uptime is not configured');
  });
});

describe("read, update and delete", () => {
  it("a read returns the incident as state and inputs; a read of one gone from state is empty", async () => {
    const { s, ops } = service();
    const made = await ops.create(inputs);
    const read = await ops.read(made.id, made.outs);
    expect(read.id).toBe("1");
    expect(read.props).toMatchObject({ incidentId: 1, cause: "down", __resourceName: "outage" });
    expect(read.inputs).toEqual({
      monitorId: 3,
      startedAt: "2026-01-01T00:00:00",
      cause: "down",
      __resourceName: "outage",
    });
    s.incidents.clear();
    expect(await ops.read(made.id, made.outs)).toEqual({ id: "" });
  });

  it("a read by id alone (an import) of an incident not there says so", async () => {
    const { ops } = service();
    await expect(ops.read("9")).rejects.toThrow("Incident 9: no incident with id 9 in this account");
  });

  it("an update sends the changed fields; one with nothing to send reads the incident back", async () => {
    const { s, ops } = service();
    const made = await ops.create(inputs);
    const updated = await ops.update(made.id, made.outs, {
      ...inputs,
      comment: "seen",
      endedAt: "2026-01-01T01:00:00",
    });
    expect(updated.outs).toMatchObject({ comment: "seen", endedAt: "2026-01-01T01:00:00" });
    expect(s.sent.at(-1)).toMatchObject({ method: "PATCH", path: "/api/v1/incidents/1" });
    await ops.update(made.id, updated.outs!, { ...inputs, comment: "seen", endedAt: "2026-01-01T01:00:00" });
    expect(s.sent.at(-1)).toMatchObject({ method: "GET", path: "/api/v1/incidents/1" });
  });

  it("an update that would need a replacement is refused", async () => {
    const { ops } = service();
    const made = await ops.create(inputs);
    await expect(ops.update(made.id, made.outs, { ...inputs, monitorId: 4 })).rejects.toThrow(
      /^Incident "outage": cannot change monitorId in place/,
    );
  });
});

describe("preview", () => {
  it("keeps the id and creation time it knows and leaves the rest unknown", () => {
    const { ops } = service();
    const outs = ops.previewOutputs(inputs, { incidentId: 1, createdAt: "c", status: "resolved" });
    expect(outs).toMatchObject({ ...inputs, incidentId: 1, createdAt: "c" });
    expect(outs.status).not.toBe("resolved");
    expect(ops.previewOutputs(inputs).incidentId).not.toBe(1);
    expect(ops.kind).toBe("Incident");
  });
});
