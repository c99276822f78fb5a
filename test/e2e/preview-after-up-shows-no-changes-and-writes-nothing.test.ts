/**
 * A clean preview: right after `up`, `preview` proposes nothing (`--expect-no-changes`) and the
 * server receives no write request during it (counted at the server). A preview with
 * `--refresh` reads every resource from the service and still finds nothing to change: what
 * `read` records compares equal to what the program declares.
 */
import { describe, expect, it } from "vitest";
import { ok, secs, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { describeRequests, requestsBeyondSettingsCheck } from "./api";

describe("preview after up", () => {
  const e2e = lifecycleStack({ stack: { project: "lifecycle" }, up: true });

  it("shows no changes and sends no write to the server", async () => {
    const writes = e2e.srv.server.writeCount();
    const from = e2e.srv.server.requests.length;
    const preview = ok(await e2e.stack.preview(["--expect-no-changes"]));
    const total = e2e.srv.server.requests.length - from;
    console.log(
      `preview --expect-no-changes: ${secs(preview.ms)}; ${total} requests during it, ${e2e.srv.server.writeCount() - writes} writes (requests: ${describeRequests(e2e.srv.server, from)})`,
    );
    expect(e2e.srv.server.writeCount() - writes).toBe(0);
    expect(summary(preview.output)).toMatchObject({ unchanged: 4 });
    expect(preview.output).not.toMatch(/to (create|update|replace|delete)/);
  });

  it("with --refresh reads the resources and still shows no changes, with no write", async () => {
    const writes = e2e.srv.server.writeCount();
    const from = e2e.srv.server.requests.length;
    const preview = ok(await e2e.stack.preview(["--refresh", "--expect-no-changes"]));
    const during = e2e.srv.server.requests.slice(from);
    console.log(
      `preview --refresh --expect-no-changes: ${secs(preview.ms)}; ${during.length} requests (${describeRequests(e2e.srv.server, from)})`,
    );
    expect(e2e.srv.server.writeCount() - writes).toBe(0);
    expect(during.every((r) => r.method === "GET")).toBe(true);
    // Two monitors and one incident read back, at most one request each: the incident by id;
    // the monitors by id, or the second from one pass over the list (read-snapshot.ts),
    // depending on how the engine's concurrent reads interleave.
    expect(during.filter((r) => /^\/api\/v1\/incidents\/\d+$/.test(r.path))).toHaveLength(1);
    expect(during.filter((r) => /^\/api\/v1\/monitors\/\d+$/.test(r.path)).length).toBeGreaterThanOrEqual(1);
    // Besides the reads, at most the one request with which `check` verifies the settings.
    expect(requestsBeyondSettingsCheck(e2e.srv.server, from).length).toBeLessThanOrEqual(3);
    expect(during.length).toBeLessThanOrEqual(4);
  });
});
