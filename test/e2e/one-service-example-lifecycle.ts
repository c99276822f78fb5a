/**
 * The lifecycle the example programs on one service (examples/go, examples/nodejs-sdk) go
 * through under the real engine, run in place through the provider plugin: up creates the
 * declared resources, a preview right after writes nothing, a new `apiInterval` is named in
 * `preview --diff` and updated in place by the next up (after which a preview is clean again),
 * and destroy leaves the service empty. The API key and the project's secret config never
 * show in output or state. Each program names its monitors "<prefix>: API health" and
 * "<prefix>: home page"; what else a program shows is checked by the test that declares it.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, ok, summary } from "./harness";
import { asList, type ApiMonitor } from "./api";
import { exampleSecrets, runExample, type ExampleRun } from "./examples";
import { expectNoLeaks } from "./plugin-fixtures";
import { fileFixture } from "../support/file-fixture";

/** What a program's test adds to the shared lifecycle. */
export interface OneServiceExample {
  /** examples/<dir>. */
  dir: string;
  /** The `describe` and `it` titles. */
  title: string;
  does: string;
  /** The start of its monitors' names. */
  prefix: string;
  /** How many resources the first up creates, the stack included. */
  creates: number;
  /** The `apiInterval` the update sets (it starts at 60). */
  newInterval: number;
  /** The program's own checks after the first up, given the two monitors as the service holds them. */
  created(run: ExampleRun, made: { api: ApiMonitor; home: ApiMonitor }): Promise<void>;
}

/** Declares the lifecycle test of `example`. */
export function describeOneServiceExample(example: OneServiceExample): void {
  const dir = join(REPO, "examples", example.dir);
  describe(example.title, () => {
    const run = fileFixture(() => runExample(dir, `examples/${example.dir}`));

    it(example.does, async () => {
      const [hook] = exampleSecrets(dir);
      const up = ok(await run.stack.up());
      expect(summary(up.output)).toMatchObject({ create: example.creates });
      const api = await run.srv.api.monitorNamed(`${example.prefix}: API health`);
      const home = await run.srv.api.monitorNamed(`${example.prefix}: home page`);
      expect(asList(api.alerts)).toEqual([{ key: "slack", value: hook }]);
      expect(home).toMatchObject({ interval: 300, ssl_alert_days: 14 });
      const [incident] = await run.srv.api.incidents();
      expect(incident).toMatchObject({ monitor_id: api.id, cause: "primary database failover" });
      await example.created(run, { api, home });

      const writes = run.srv.server.writeCount();
      ok(await run.stack.preview(["--expect-no-changes"]));
      expect(run.srv.server.writeCount()).toBe(writes);

      await run.stack.setConfig("apiInterval", String(example.newInterval));
      const diff = ok(await run.stack.preview(["--diff"]));
      expect(diff.output).toMatch(new RegExp(`~ interval\\s*: 60 => ${example.newInterval}`));
      expect(summary(diff.output)).toMatchObject({ update: 1 });
      const update = ok(await run.stack.up());
      expect(summary(update.output)).toMatchObject({ update: 1 });
      expect(await run.srv.api.monitor(api.id)).toMatchObject({ id: api.id, interval: example.newInterval });
      expect((await run.srv.api.monitors()).length).toBe(2);
      ok(await run.stack.preview(["--expect-no-changes"]));

      ok(await run.stack.destroy());
      expect(await run.srv.api.monitors()).toEqual([]);
      expect(await run.srv.api.incidents()).toEqual([]);
      expectNoLeaks(run.stack, [run.srv.apiKey, hook]);
    });
  });
}
