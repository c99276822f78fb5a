/**
 * The plugin's check keeps every header value secret, and beside the headers records, without
 * their values, the names of those the program sent as plain strings: what lets the policy pack
 * tell a written-out credential from one taken from secret config.
 */
import { describe, expect, it } from "vitest";
import { configuredPlugin, isSecret, outsideSecrets, secret } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const env = fileFixture(() => configuredPlugin());
const TOKEN = "Bearer plugin-plaintext-token-5c1e";

describe("the plugin's check of request headers", () => {
  it("names the headers sent in plaintext, never their values, and keeps the headers secret", async () => {
    const { inputs, failures } = await env.plugin.checkMonitor("api", {
      requestHeaders: [
        { key: "Authorization", value: TOKEN },
        { key: "Cookie", value: secret("session=abc") },
        { key: "X-Trace", value: "on" },
      ],
    });
    expect(failures).toEqual([]);
    expect(inputs._plaintextHeaders).toEqual(["Authorization", "X-Trace"]);
    expect(isSecret(inputs.requestHeaders)).toBe(true);
    expect(JSON.stringify(outsideSecrets(inputs))).not.toContain("plugin-plaintext-token");
  });

  it("names none when the list or each entry came secret, or no headers were sent", async () => {
    const headers = [{ key: "Authorization", value: TOKEN }];
    for (const patch of [{ requestHeaders: secret(headers) }, { requestHeaders: [secret(headers[0])] }, {}]) {
      const { inputs } = await env.plugin.checkMonitor("api", patch);
      expect(inputs).not.toHaveProperty("_plaintextHeaders");
    }
  });

  it("leaves the record out of what create answers", async () => {
    const { inputs } = await env.plugin.checkMonitor("recorded", {
      name: "recorded",
      requestHeaders: [{ key: "Authorization", value: TOKEN }],
    });
    const created = await env.plugin.create("Monitor", "recorded", inputs);
    expect(created.outs).not.toHaveProperty("_plaintextHeaders");
    await env.plugin.delete("Monitor", "recorded", created.id, created.outs);
  });
});
