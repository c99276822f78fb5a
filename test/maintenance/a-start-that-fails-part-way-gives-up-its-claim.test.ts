/**
 * start holds its record's lock while it runs and removes it however it ends: after a start
 * whose selection could not be read part way (exit 1), the lock is gone and the next start
 * on the record is refused only for the open maintenance, not for a run that is over.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { createSideBySide, numbered, sharedMaintenanceFixture, until } from "./helpers";

const f = sharedMaintenanceFixture();

it("removes the lock after a start stopped by a page that never arrives", async () => {
  // 101 monitors: a page of 100 is recorded and changed, the second page's connection drops.
  await createSideBySide(f.api, numbered("part "));
  const hold = f.holdLaterPages();
  const run = f.run(["start", "--search", "part ", "--for", "10m"], { UPTIME_MAX_RETRIES: "0" });
  await hold.waitHeld(1);
  const lock = join(f.dir, ".uptime-maintenance.json.lock");
  await until(() => existsSync(join(f.dir, ".uptime-maintenance.json")));
  expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({ command: "start", pid: process.pid });

  await hold.release("drop");
  const r = await run;
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/Stopped part way/);
  expect(existsSync(lock)).toBe(false);

  const again = await f.run(["start", "--search", "part ", "--for", "10m"]);
  expect(again.code).toBe(2);
  expect(again.stderr).toMatch(/holds a maintenance started .* and not ended/);
  expect(again.stderr).not.toMatch(/in use by another/);
  const ended = await f.run(["end"]);
  expect(ended.code).toBe(0);
  expect(existsSync(lock)).toBe(false);
});
