/**
 * A monitor the selection matches, created after the list's first page was read and before
 * the next: start's selection holds it and every monitor there before, each once. (Read
 * newest first, the service's default, it would have landed on the page already read.)
 */
import { expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { selectMonitors } from "../../src/maintenance/select";
import { KEY, sharedMaintenanceFixture } from "./helpers";

const f = sharedMaintenanceFixture();

it("selects a monitor created between the first page and the next, and each earlier one once", async () => {
  const before: number[] = [];
  for (let i = 0; i < 130; i++)
    before.push((await f.api.monitors.create({ name: `racing ${i}`, url: "http://127.0.0.1:9/", interval: 60 })).id);

  // The command's own client, on the real server; someone else creates a monitor just before page 2 is asked for.
  const client = new UptimeClient({ baseUrl: f.server.url, apiKey: KEY, timeZone: "UTC" });
  const list = client.monitors.list.bind(client.monitors);
  let created: number | undefined;
  client.monitors.list = async (query) => {
    if (query?.page === 2 && created === undefined)
      created = (await f.api.monitors.create({ name: "racing new", url: "http://127.0.0.1:9/", interval: 60 })).id;
    return list(query);
  };
  try {
    const { monitors } = await selectMonitors(client, { search: "racing " });
    const ids = monitors.map((m) => m.id);
    expect(created).toBeDefined();
    expect(ids).toHaveLength(131);
    expect(new Set(ids)).toEqual(new Set([...before, created]));
  } finally {
    await client.close();
  }
});
