/**
 * Upgrades change nothing: each baseline state recorded with an earlier release (see
 * test/upgrade/README.md), imported into a fresh stack against a server holding the same
 * monitors and incidents, refreshes, previews with the current plugin, classes and SDK builds
 * with no change and no replace, and destroys.
 *
 * Refresh and destroy are what prove the dynamic classes' upgrade: they run the provider
 * stored in the recorded state (for the `dynamic` program, code that
 * `require("pulumi-uptime/runtime")`s), not the one the current program serializes. So the
 * package's export key `pulumi-uptime/runtime` must still resolve, to a runtime that reads and
 * deletes what the old release created.
 */
import { afterEach, expect, it } from "vitest";
import { ok } from "../e2e/harness";
import { BASELINE_VERSION } from "./baseline";
import { UPGRADE_PROGRAMS } from "./programs";
import { changedSteps, replayBaseline, type Replay } from "./replay";

let replay: Replay | undefined;
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

/** The API path of a recorded monitor or incident. */
function apiPath(type: string, id: string): string {
  return type.endsWith("Monitor") ? `/api/v1/monitors/${id}` : `/api/v1/incidents/${id}`;
}

it.each(UPGRADE_PROGRAMS.map((p) => [p.name, p] as const))(
  `the %s program's ${BASELINE_VERSION} state refreshes, previews with no changes and destroys`,
  async (_name, program) => {
    replay = await replayBaseline(program);
    const recorded = (replay.recorded.deployment.resources ?? []).filter((r) => /:(Monitor|Incident)$/.test(r.type));
    expect(recorded.length).toBeGreaterThan(1);
    // Both classes are in every baseline: an upgrade of each is proven.
    expect(new Set(recorded.map((r) => r.type.split(":").at(-1)))).toEqual(new Set(["Monitor", "Incident"]));
    // The server holds every monitor and incident of the recorded state under the recorded id
    // (monitors under the recorded name too, so refresh reads the resource that was recorded).
    for (const r of recorded) {
      const got = await replay.api.call("GET", apiPath(r.type, String(r.id)));
      expect(got.status, `${r.type} ${r.id} on the server`).toBe(200);
      if (r.type.endsWith("Monitor")) {
        expect((got.body as { data?: { name?: string } }).data?.name, `name of ${r.type} ${r.id}`).toBe(
          (r.outputs as { name?: string }).name,
        );
      }
    }

    ok(await replay.stack.refresh());
    const preview = await replay.stack.preview(["--json"]);
    expect(changedSteps(preview.stdout), `steps of the preview of the ${BASELINE_VERSION} state`).toEqual([]);
    // The preview counts every recorded resource as the same (so an empty list of changed steps is not an empty program).
    expect(
      (JSON.parse(preview.stdout) as { changeSummary?: { same?: number } }).changeSummary?.same ?? 0,
    ).toBeGreaterThanOrEqual(recorded.length);
    ok(await replay.stack.preview(["--expect-no-changes"]));

    ok(await replay.stack.destroy());
    expect(await replay.stack.resources(), "resources left in the stack after destroy").toEqual([]);
    for (const r of recorded) {
      expect(
        (await replay.api.call("GET", apiPath(r.type, String(r.id)))).status,
        `${r.type} ${r.id} after destroy`,
      ).toBe(404);
    }
  },
);
