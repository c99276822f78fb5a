import { describe, expect, it } from "vitest";
import type { MonitorCreateInput } from "../../src/client";
import { monitor } from "../../src/dynamic/runtime";
import { checkedMonitor as checked, providerHarness } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const h = fileFixture(() => providerHarness());

/** A monitor someone made outside Pulumi. */
const madeOutside = (
  name: string,
  url: string,
  interval: MonitorCreateInput["interval"],
  more: Partial<MonitorCreateInput> = {},
) => h.outOfBand.monitors.create({ name, url, interval, ...more });

async function countNamed(name: string) {
  let n = 0;
  for await (const m of h.outOfBand.monitors.all({ search: name })) if (m.name === name) n++;
  return n;
}

describe("Adopting monitors that already exist", () => {
  it("without adopt, a taken name fails and says how to adopt", async () => {
    await madeOutside("Taken", "https://t.example.com", 60);
    await expect(
      monitor.create(
        await checked({ name: "Taken", url: "https://t.example.com", interval: 60, __resourceName: "taken" }),
      ),
    ).rejects.toThrow(
      /^Monitor "taken": a monitor named "Taken" already exists in this account\. Declare it with `adopt: true`/,
    );
    expect(await countNamed("Taken")).toBe(1);
  });

  it("adopt: true takes over the monitor of the same name and updates it to the declared state", async () => {
    const existing = await madeOutside("Legacy", "https://old.example.com", 3600);
    const { id, outs } = await monitor.create(
      await checked({ name: "Legacy", url: "https://new.example.com", interval: 60, adopt: true }),
    );
    expect(Number(id)).toBe(existing.id);
    expect(outs.monitorId).toBe(existing.id);
    expect(await h.outOfBand.monitors.get(existing.id)).toMatchObject({ url: "https://new.example.com", interval: 60 });
    expect(await countNamed("Legacy")).toBe(1);
  });

  it("adopt: true takes over the monitor whose name differs only in case or accents, as the service compares names", async () => {
    const existing = await madeOutside("billing api", "https://billing.example.com", 60);
    const before = h.server.requests.filter((r) => r.method === "POST").length;
    const { id } = await monitor.create(
      await checked({ name: "Billing API", url: "https://billing.example.com", interval: 60, adopt: true }),
    );
    expect(Number(id)).toBe(existing.id);
    expect(h.server.requests.filter((r) => r.method === "POST").length).toBe(before);
    expect((await h.outOfBand.monitors.get(existing.id)).name).toBe("Billing API");
  });

  it("adopt: true creates the monitor when none has the name", async () => {
    const { id } = await monitor.create(
      await checked({ name: "Fresh", url: "https://fresh.example.com", interval: 60, adopt: true }),
    );
    expect((await h.outOfBand.monitors.get(Number(id))).name).toBe("Fresh");
  });

  it("adoptId takes over by id, renaming it to the declared name", async () => {
    const existing = await madeOutside("By id", "https://id.example.com", 600);
    const { id } = await monitor.create(
      await checked({ name: "Renamed by id", url: "https://id.example.com", interval: 600, adoptId: existing.id }),
    );
    expect(Number(id)).toBe(existing.id);
    expect((await h.outOfBand.monitors.get(existing.id)).name).toBe("Renamed by id");
  });

  it("adoptId of a missing monitor fails naming adoptId", async () => {
    await expect(
      monitor.create(await checked({ name: "Nope", url: "https://n.example.com", interval: 60, adoptId: 999999 })),
    ).rejects.toThrow(/adoptId 999999: no monitor with that id in this account/);
  });

  it("an adopted monitor's password is written, since it cannot be compared", async () => {
    const existing = await madeOutside("Auth", "https://a.example.com", 60, {
      request_auth_username: "u",
      request_auth_password: "old",
    });
    const before = h.server.writeCount();
    await monitor.create(
      await checked({
        name: "Auth",
        url: "https://a.example.com",
        interval: 60,
        requestAuthUsername: "u",
        requestAuthPassword: "new",
        adopt: true,
      }),
    );
    expect(h.server.writeCount()).toBe(before + 1);
    expect(existing.id).toBeGreaterThan(0);
  });
});
