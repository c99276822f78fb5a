/**
 * end takes the same claim as start: run while a start is between pages (its record holding
 * only the first page), it exits 2 naming the start and changes nothing, instead of giving
 * back half a selection and marking the record ended.
 */
import { existsSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { createSideBySide, numbered, sharedMaintenanceFixture, until, windowOf } from "./helpers";

const f = sharedMaintenanceFixture();

it("an end during a start exits 2 naming the start, and the end after it restores every monitor", async () => {
  await createSideBySide(f.api, numbered("mid "));
  const hold = f.holdLaterPages();
  const start = f.run(["start", "--search", "mid ", "--for", "10m"]);
  await hold.waitHeld(1);
  await until(() => f.patched() === 100);
  expect(f.record().monitors).toHaveLength(100);

  // Without a claim, end's own read of the list would be held too.
  let endDone = false;
  const ending = f.run(["end"]).then((r) => {
    endDone = true;
    return r;
  });
  await until(() => endDone || hold.held() === 2);
  if (!endDone) await hold.release("handle"); // both held: let them go on, for the checks below to report
  const during = await ending;
  expect(during.code).toBe(2);
  expect(during.stderr).toContain(
    `.uptime-maintenance.json is in use by another \`maintenance start\` (pid ${process.pid} on ${hostname()}`,
  );
  expect(f.patched()).toBe(100);
  expect(f.record().endedAt).toBeUndefined();

  await hold.release("handle");
  expect((await start).code).toBe(0);
  expect(f.record().monitors).toHaveLength(101);
  const ended = await f.run(["end"]);
  expect(ended.code).toBe(0);
  expect(ended.stdout).toMatch(/Ended maintenance: 101 of 101 monitors changed back/);
  expect(await windowOf(f.api, f.record().monitors[100].id)).toEqual([null, null]);
  expect(existsSync(join(f.dir, ".uptime-maintenance.json.lock"))).toBe(false);
});
