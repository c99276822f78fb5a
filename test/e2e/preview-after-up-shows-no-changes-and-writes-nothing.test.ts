/**
 * A clean preview: right after `up`, `preview` proposes nothing (`--expect-no-changes`) and the
 * server receives no write request during it (counted at the server). A preview with
 * `--refresh` reads every resource from the service and still finds nothing to change: what
 * `read` records compares equal to what the program declares.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, ok, secs, summary } from "./harness";
import { describeRequests, requestsBeyondSettingsCheck, startE2EServer, type E2EServer } from "./api";

describe("preview after up", () => {
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await E2EStack.create({ project: "lifecycle", server: srv });
    ok(await stack.up());
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("shows no changes and sends no write to the server", async () => {
    const writes = srv.server.writeCount();
    const from = srv.server.requests.length;
    const preview = ok(await stack.preview(["--expect-no-changes"]));
    const total = srv.server.requests.length - from;
    console.log(
      `preview --expect-no-changes: ${secs(preview.ms)}; ${total} requests during it, ${srv.server.writeCount() - writes} writes (requests: ${describeRequests(srv.server, from)})`,
    );
    expect(srv.server.writeCount() - writes).toBe(0);
    expect(summary(preview.output)).toMatchObject({ unchanged: 4 });
    expect(preview.output).not.toMatch(/to (create|update|replace|delete)/);
  });

  it("with --refresh reads the resources and still shows no changes, with no write", async () => {
    const writes = srv.server.writeCount();
    const from = srv.server.requests.length;
    const preview = ok(await stack.preview(["--refresh", "--expect-no-changes"]));
    const during = srv.server.requests.slice(from);
    console.log(
      `preview --refresh --expect-no-changes: ${secs(preview.ms)}; ${during.length} requests (${describeRequests(srv.server, from)})`,
    );
    expect(srv.server.writeCount() - writes).toBe(0);
    expect(during.every((r) => r.method === "GET")).toBe(true);
    // Two monitors and one incident read back, at most one request each: the incident by id;
    // the monitors by id, or the second from one pass over the list (read-snapshot.ts),
    // depending on how the engine's concurrent reads interleave.
    expect(during.filter((r) => /^\/api\/v1\/incidents\/\d+$/.test(r.path))).toHaveLength(1);
    expect(during.filter((r) => /^\/api\/v1\/monitors\/\d+$/.test(r.path)).length).toBeGreaterThanOrEqual(1);
    // Besides the reads, at most the one request with which `check` verifies the settings.
    expect(requestsBeyondSettingsCheck(srv.server, from).length).toBeLessThanOrEqual(3);
    expect(during.length).toBeLessThanOrEqual(4);
  });
});
