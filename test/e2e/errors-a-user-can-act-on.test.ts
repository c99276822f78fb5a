/**
 * Under the real engine, what a user reads when something is off says what happened and
 * what to do: a mistyped property is matched to the one meant (`alert` → `alerts`) without
 * printing its value; an adopted monitor is reported with the id taken over; a plain `up`
 * that updates a monitor deleted outside Pulumi says so and names `pulumi up --refresh`,
 * which then recreates it.
 */
import { describe, expect, it } from "vitest";
import { failed, leaks, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";

const WEBHOOK = "https://hooks.slack.com/services/T000/B000/typo-e2e-SECRET";

describe("messages a user can act on", () => {
  const e2e = lifecycleStack({ stack: { project: "messages", env: { E2E_TYPO_WEBHOOK: WEBHOOK } } });

  it("a mistyped `alert` is matched to `alerts`, and its value is not printed", async () => {
    await e2e.stack.setConfig("fixture:typo", "true");
    const preview = failed(await e2e.stack.preview());
    expect(preview.output).toMatch(
      /Monitor resource 'watched' has a problem: alert: is not a property of this resource \(did you mean alerts\?\)/,
    );
    expect(preview.output).not.toContain("alertCondition?");
    expect(leaks(preview.output, [WEBHOOK, "typo-e2e-SECRET"])).toEqual([]);
    await e2e.stack.setConfig("fixture:typo", "false");
  });

  it("an adopted monitor is reported with the id it took over", async () => {
    const existing = await e2e.srv.api.createMonitor({
      name: "e2e messages",
      url: "https://old.example.com/",
      interval: 300,
    });
    await e2e.stack.setConfig("fixture:adopt", "true");
    const up = ok(await e2e.stack.up());
    expect(up.output).toContain(
      `Monitor "watched" took over the existing monitor ${existing.id} ("e2e messages", adopt: true, found by name) instead of creating one.`,
    );
    expect(await e2e.srv.api.monitors()).toHaveLength(1);
  });

  it("an update of a monitor deleted outside Pulumi says so and names `pulumi up --refresh`, which recreates it", async () => {
    const [gone] = await e2e.srv.api.monitors();
    await e2e.srv.api.deleteMonitor(gone.id);
    await e2e.stack.setConfig("fixture:interval", "300");
    const up = failed(await e2e.stack.up());
    expect(up.output).toContain(
      `Monitor "watched": monitor ${gone.id} was deleted outside Pulumi (the service has no monitor with that id). Run \`pulumi up --refresh\` to create it again`,
    );
    expect(up.output).not.toMatch(/PATCH \/api\/v1\/monitors\/\d+: not found/);
    expect(up.output).not.toMatch(/\n\s+at \S+ \(/); // no stack trace

    ok(await e2e.stack.up(["--refresh"]));
    const [again] = await e2e.srv.api.monitors();
    expect(again).toMatchObject({ name: "e2e messages", interval: 300 });
    expect(again.id).not.toBe(gone.id);
    ok(await e2e.stack.preview(["--expect-no-changes"]));
  });
});
