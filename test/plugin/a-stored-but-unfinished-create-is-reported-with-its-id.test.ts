/**
 * A create that stored (or adopted) a monitor but could not bring it to the declared state
 * answers with `ErrorResourceInitFailed` in the gRPC status details: the engine then
 * records the monitor (no orphan) and the next `up` finishes it. The properties it carries
 * keep the secret fields secret.
 */
import { describe, expect, it } from "vitest";
import type * as grpc from "@grpc/grpc-js";
import { ErrorResourceInitFailed } from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { configuredPlugin, isSecret, outsideSecrets } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const HOOK = "https://hooks.example.com/init-failed-secret";
const env = fileFixture(() => configuredPlugin());

describe("A create that could not finish", () => {
  it("reports the adopted monitor's id and secret-wrapped properties", async () => {
    const adopted = await env.outside.monitors.create({
      name: "adopt me",
      url: "https://adopt.example.com",
      interval: 60,
      alerts: [{ key: "webhook", value: HOOK }],
    });
    await env.outside.monitors.create({ name: "taken name", url: "https://taken.example.com", interval: 60 });
    // Adopting by id, renaming to a name another monitor has: the update is refused.
    const { inputs } = await env.plugin.checkMonitor("adopter", {
      name: "taken name",
      adoptId: adopted.id,
      alerts: [{ key: "webhook", value: HOOK }],
    });
    const err = (await env.plugin.create("Monitor", "adopter", inputs).then(
      () => undefined,
      (e: grpc.ServiceError) => e,
    ))!;
    expect(err, "the create must fail").toBeDefined();
    expect(err.details).toMatch(/Monitor "adopter": the service rejected name/);
    const raw = err.metadata.get("grpc-status-details-bin")[0] as Buffer;
    const status = Status.deserializeBinary(new Uint8Array(raw));
    const detail = status
      .getDetailsList()[0]
      .unpack(ErrorResourceInitFailed.deserializeBinary, "pulumirpc.ErrorResourceInitFailed")!;
    expect(detail.getId()).toBe(String(adopted.id));
    const props = detail.getProperties()!.toJavaScript();
    expect(props).toMatchObject({ monitorId: adopted.id, name: "adopt me" });
    expect(isSecret(props.alerts)).toBe(true);
    expect(JSON.stringify(outsideSecrets(props))).not.toContain(HOOK);
    expect(props).not.toHaveProperty("__resourceName");
  });
});
