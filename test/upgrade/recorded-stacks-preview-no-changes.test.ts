/**
 * Upgrades change nothing: each baseline state recorded with an earlier release (see
 * test/upgrade/README.md), imported into a fresh stack against a server holding the same
 * monitors and incidents, previews with the current plugin, classes and SDK builds with no
 * change and no replace.
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

it.each(UPGRADE_PROGRAMS.map((p) => [p.name, p] as const))(
  `the %s program's ${BASELINE_VERSION} state previews with no changes`,
  async (_name, program) => {
    replay = await replayBaseline(program);
    // The server holds every monitor and incident of the recorded state under the recorded id.
    const ids = (replay.recorded.deployment.resources ?? [])
      .filter((r) => /:(Monitor|Incident)$/.test(r.type))
      .map((r) => ({ type: r.type, id: String(r.id) }));
    expect(ids.length).toBeGreaterThan(1);
    for (const { type, id } of ids) {
      const path = type.endsWith("Monitor") ? `/api/v1/monitors/${id}` : `/api/v1/incidents/${id}`;
      expect((await replay.api.call("GET", path)).status, `${type} ${id} on the server`).toBe(200);
    }
    const preview = await replay.stack.preview(["--json"]);
    expect(changedSteps(preview.stdout), `steps of the preview of the ${BASELINE_VERSION} state`).toEqual([]);
    // The preview counts every recorded resource as the same (so an empty list of changed steps is not an empty program).
    expect(
      (JSON.parse(preview.stdout) as { changeSummary?: { same?: number } }).changeSummary?.same ?? 0,
    ).toBeGreaterThanOrEqual(ids.length);
    ok(await replay.stack.preview(["--expect-no-changes"]));
  },
);
