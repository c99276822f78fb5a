/**
 * A create found by name after a dropped answer is brought to the declared state by a
 * follow-up PATCH. When that PATCH fails for good, the error carries the monitor's id and
 * live state, so that the dynamic provider host records the resource as created but failed
 * to initialise (never an orphan) and the next `up` finishes the update.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { DEFAULT_API_KEY } from "../../src/server";
import { createMonitor } from "../../src/runtime/monitor/monitor-lifecycle";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { seedFor } from "../support/fault-seeds";
import { providerHarness } from "./helpers";

let h: Awaited<ReturnType<typeof providerHarness>>;
let client: UptimeClient;
beforeAll(async () => {
  h = await providerHarness();
  client = new UptimeClient({
    baseUrl: h.server.url,
    apiKey: DEFAULT_API_KEY,
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
  });
});
afterAll(async () => {
  await client.close();
  await h.close();
});

it("the error of a failed follow-up carries the stored monitor's id and live state", async () => {
  const inputs = checkMonitor({
    name: "follow-up fails",
    url: "https://f.example.com",
    interval: 60,
    requestAuthUsername: "probe",
    requestAuthPassword: "pw-follow-up-0123", // write-only: the follow-up always sends it
    __resourceName: "fu",
  }).inputs as never;
  // The POST is stored but its answer dropped; both attempts of the follow-up PATCH get a 500.
  h.server.setFaults({ rate: 1, methods: ["POST", "PATCH"], ...seedFor(["drop-after", "500", "500"]) });
  let err: (Error & { id?: string; properties?: Record<string, unknown>; reasons?: string[] }) | undefined;
  try {
    err = await createMonitor(client, inputs).then(
      () => undefined,
      (e) => e,
    );
  } finally {
    h.server.setFaults(undefined);
  }
  const stored = (await h.outOfBand.monitors.list({ search: "follow-up fails" })).data;
  expect(stored).toHaveLength(1);
  expect(err).toBeInstanceOf(Error);
  expect(err!.message).toMatch(/^Monitor "fu": .*server error \(500\)/s);
  expect(err!.id).toBe(String(stored[0].id));
  expect(err!.properties).toMatchObject({ name: "follow-up fails", monitorId: stored[0].id, __resourceName: "fu" });
  expect(err!.reasons).toEqual([err!.message]);
  expect(JSON.stringify(err!.properties)).not.toContain("pw-follow-up-0123");
  expect(h.server.requests.filter((r) => r.method === "PATCH").map((r) => r.status)).toEqual([500, 500]);
});
