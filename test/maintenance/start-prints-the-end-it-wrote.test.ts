/**
 * The end `start` prints is the end it wrote, to the second: a window of `--for 30m` begun
 * half way through a second ends at the next whole second, and the message says that one,
 * not the second before it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatLocalDateTime, localDateTimeToEpoch } from "../../src/util/time";
import { maintenanceFixture, windowOf } from "./helpers";

const ZONE = "Europe/Berlin";
let f: Awaited<ReturnType<typeof maintenanceFixture>>;
beforeAll(async () => {
  f = await maintenanceFixture(ZONE);
});
afterAll(() => f?.close());

it.each([false, true])("--for 30m half way through a second prints the end written (--json: %s)", async (json) => {
  const [m] = await f.monitors(`printed end ${json}`);
  const now = Math.floor(Date.now() / 1000) * 1000 + 500;
  const file = `printed-${json}.json`;
  const args = ["start", "--search", `printed end ${json}`, "--for", "30m", "--record", file];
  const r = await f.run(json ? [...args, "--json"] : args, {}, now);
  expect(r.code).toBe(0);
  const written = f.record(file).window.end;
  expect((await windowOf(f.api, m.id))[1]).toBe(written);
  expect(localDateTimeToEpoch(written, ZONE)).toBe(now + 30 * 60_000 + 500);
  const printed = /; until (\S+)Z\./.exec(json ? r.stderr : r.stdout)?.[1];
  expect(printed).toBe(formatLocalDateTime(localDateTimeToEpoch(written, ZONE), "UTC"));
});
