/**
 * Autonaming through the plugin: the handshake announces support, so the engine sends each
 * check its proposed name and mode (from the stack's `pulumi:autonaming`), and the plugin
 * honours them for a monitor declared without a name. A name chosen before is kept.
 */
import { describe, expect, it } from "vitest";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { configuredPlugin, monitorInputs } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const Mode = proto.CheckRequest.AutonamingOptions.Mode;
const options = (mode: proto.CheckRequest.AutonamingOptions.Mode, proposed = "") =>
  new proto.CheckRequest.AutonamingOptions().setMode(mode).setProposedName(proposed);

const env = fileFixture(() => configuredPlugin());

function unnamed(): Record<string, unknown> {
  const { name: _declared, ...rest } = monitorInputs();
  return rest;
}

describe("Autonaming through the plugin", () => {
  it("announces support for the engine's autonaming configuration", async () => {
    const res = await env.plugin.call<proto.ProviderHandshakeRequest, proto.ProviderHandshakeResponse>(
      "handshake",
      new proto.ProviderHandshakeRequest(),
    );
    expect(res.getSupportsAutonamingConfiguration()).toBe(true);
  });

  it("uses the proposed name in propose and enforce mode", async () => {
    for (const mode of [Mode.PROPOSE, Mode.ENFORCE]) {
      const { inputs, failures } = await env.plugin.check("Monitor", "api", unnamed(), {
        autonaming: options(mode, "review-42-api"),
      });
      expect(failures).toEqual([]);
      expect(inputs.name).toBe("review-42-api");
    }
  });

  it("keeps a declared name in every mode", async () => {
    for (const mode of [Mode.PROPOSE, Mode.ENFORCE, Mode.DISABLE]) {
      const { inputs } = await env.plugin.check("Monitor", "api", monitorInputs(), {
        autonaming: options(mode, "review-42-api"),
      });
      expect(inputs.name).toBe("plugin api");
    }
  });

  it("fails at check naming the field when autonaming is disabled and no name is declared", async () => {
    const { failures } = await env.plugin.check("Monitor", "api", unnamed(), { autonaming: options(Mode.DISABLE) });
    expect(failures).toEqual([
      { property: "name", reason: expect.stringMatching(/^name: is required: autonaming is disabled/) },
    ]);
  });

  it("keeps the name of the old inputs rather than the newly proposed one", async () => {
    const olds = { ...monitorInputs(), name: "review-42-api" };
    const { inputs } = await env.plugin.check("Monitor", "api", unnamed(), {
      olds,
      autonaming: options(Mode.ENFORCE, "review-42-api-other"),
    });
    expect(inputs.name).toBe("review-42-api");
  });

  it("without autonaming options uses the default pattern: resource name, dash, 7 random letters and digits", async () => {
    const { inputs } = await env.plugin.check("Monitor", "api", unnamed());
    expect(inputs.name).toMatch(/^api-[a-z0-9]{7}$/);
  });

  it("refuses adopt without a name, saying adoption finds the monitor by name", async () => {
    const { failures } = await env.plugin.check(
      "Monitor",
      "api",
      { ...unnamed(), adopt: true },
      { autonaming: options(Mode.PROPOSE, "x-api") },
    );
    expect(failures).toEqual([
      { property: "name", reason: expect.stringContaining("adoption finds the existing monitor by name") },
    ]);
  });
});
