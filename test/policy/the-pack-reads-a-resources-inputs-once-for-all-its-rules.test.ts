/**
 * The policy SDK deserializes a resource's inputs again for each policy of a pack, while the
 * engine waits on every call (B13). The pack's hook (policy/src/secret-paths.ts) hands every
 * policy of one call the same deserialized inputs, and still knows which values were secrets.
 */
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordSecretMarks, secretAt } from "../../policy/src/secret-paths";
import { policyRequire } from "./fixtures";

const SIG = "4dabf18193072939515e22adb298388d";
const SECRET = "1b47061264138c4ac30d75fd1eb44270";

const deserialize = policyRequire(join(dirname(policyRequire.resolve("@pulumi/policy")), "deserialize.js")) as {
  deserializeProperties(struct: object, proxySecrets: boolean): Record<string, unknown>;
};
const { Struct } = policyRequire("google-protobuf/google/protobuf/struct_pb") as {
  Struct: { fromJavaScript(value: object): object };
};

describe("the pack's reading of a resource's inputs", () => {
  recordSecretMarks();
  const wire = () =>
    Struct.fromJavaScript({
      name: "team-api",
      requestHeaders: [{ key: "Authorization", value: { [SIG]: SECRET, value: "Bearer tok" } }],
      alerts: [{ key: "email", value: "oncall@example.com" }],
    });

  it("deserializes one Struct once per mode, however many policies ask", () => {
    const struct = wire();
    const first = deserialize.deserializeProperties(struct, false);
    expect(deserialize.deserializeProperties(struct, false)).toBe(first);
    expect(first.name).toBe("team-api");
    // Remediate's mode (secrets proxied) is its own reading, and another resource's Struct is too.
    expect(deserialize.deserializeProperties(struct, true)).not.toBe(first);
    expect(deserialize.deserializeProperties(wire(), false)).not.toBe(first);
  });

  it("still tells which values were sent as secrets", () => {
    const props = deserialize.deserializeProperties(wire(), false);
    expect(secretAt(props, ["requestHeaders", 0, "value"])).toBe(true);
    expect(secretAt(props, ["alerts", 0, "value"])).toBe(false);
    // Asked again (another rule), the same answer.
    expect(secretAt(props, ["requestHeaders", 0, "value"])).toBe(true);
  });
});
