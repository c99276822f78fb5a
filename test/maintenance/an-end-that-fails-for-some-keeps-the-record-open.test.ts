/**
 * An `end` that could not give some monitors their window back leaves the record open: a
 * later `start` refuses to replace it (the windows from before would be lost with it), and
 * running `end` again restores the ones that failed.
 */
import { expect, it } from "vitest";
import { sharedMaintenanceFixture, windowOf } from "./helpers";

const f = sharedMaintenanceFixture();

it("keeps the record open after a failed restore, so start refuses it and end retries", async () => {
  const monitors = await f.monitors("retry a", "retry b", "retry c");
  expect((await f.run(["start", "--search", "retry", "--for", "10m"])).code).toBe(0);

  // One restore answers 500, and the client does not retry it.
  f.server.setFaults({ rate: 1, kinds: ["500"], methods: ["PATCH"], limit: 1 });
  const ended = await f.run(["end"], { UPTIME_MAX_RETRIES: "0" });
  f.server.setFaults(undefined);
  expect(ended.code).toBe(1);
  expect(ended.stdout).toMatch(/1 could not be changed/);
  expect(f.record().endedAt).toBeUndefined();

  const again = await f.run(["start", "--search", "retry", "--for", "10m"]);
  expect(again.code).toBe(2);
  expect(again.stderr).toMatch(/not ended; run `pulumi-uptime maintenance end` first/);

  const retried = await f.run(["end"]);
  expect(retried.code).toBe(0);
  expect(retried.stdout).toMatch(/Ended maintenance: 1 of 3 monitors changed back/);
  for (const m of monitors) expect(await windowOf(f.api, m.id)).toEqual([null, null]);
  expect(f.record().endedAt).toBeDefined();
});
