/**
 * Refresh budget under a checker: a refresh stays cheap and correct while the service's checker moves statuses
 * between its read by id and its read of the list. What checks write (status, checked_at,
 * ...) is not a sign that the list is unsafe; a monitor deleted out of band still reads as gone.
 */
import { expect, test } from "vitest";
import { eventually } from "../support/eventually";
import { checkingHarness, createMonitors, refreshMonitors } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const h = fileFixture(() => checkingHarness());

test("statuses that change between the read by id and the list page neither cost reads by id nor give wrong values", async () => {
  const ids = await createMonitors(h.outOfBand, "checked", 30, (i) => `${h.target.url}/m/${i}`);
  const round = await h.server.runChecks();
  expect(round).toMatchObject({ checked: 30, up: 30 });
  const gone = ids[7];
  await h.outOfBand.monitors.delete(gone);
  h.reconfigure();

  // Hold the list page until read 1 has been answered by id, and let the checker take
  // every monitor down in between.
  const from = h.server.requests.length;
  const hold = h.server.hold({ methods: ["GET"], path: /^\/api\/v1\/monitors$/ });
  const refresh = refreshMonitors(h.server, ids);
  await hold.waitHeld(1);
  await eventually("read 1 answered by id", () =>
    h.server.requests.slice(from).some((r) => /^\/api\/v1\/monitors\/\d+$/.test(r.path) && r.status === 200),
  );
  h.target.failing(503);
  expect(await h.server.runChecks()).toMatchObject({ checked: 29, down: 29 });
  await hold.release("handle");
  const { results, byId, pages } = await refresh;

  // Read 1 by id, page 1, and the deleted monitor confirmed by id.
  expect({ byId, pages }).toEqual({ byId: 2, pages: 1 });
  expect(results[0].props).toMatchObject({ monitorId: ids[0], name: "checked-0", status: "online" });
  expect(results[7]).toEqual({ id: "" });
  results.forEach((r, i) => {
    if (i === 0 || i === 7) return;
    expect(r.props).toMatchObject({
      monitorId: ids[i],
      name: `checked-${i}`,
      url: `${h.target.url}/m/${i}`,
      status: "offline",
    });
  });
});
