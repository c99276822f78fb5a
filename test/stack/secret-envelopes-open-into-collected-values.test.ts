/**
 * `openSecrets` opens the engine's secret envelopes (plaintext JSON or a value), at any
 * depth, collects every string that was inside one, and notices the engine's unknown.
 */
import { expect, test } from "vitest";
import { openSecrets } from "../../src/stack/open-secrets";

const SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

test("envelopes are opened and what they held is collected", () => {
  const secrets: string[] = [];
  const { value, unknown } = openSecrets(
    {
      url: "https://example.com",
      requestAuthPassword: { ...SIG, plaintext: JSON.stringify("pw-1") },
      requestHeaders: [{ key: "X-Token", value: { ...SIG, value: "tok-2" } }],
      alerts: { ...SIG, plaintext: JSON.stringify([{ type: "webhook", value: "https://hook/3" }]) },
    },
    secrets,
  );
  expect(value).toEqual({
    url: "https://example.com",
    requestAuthPassword: "pw-1",
    requestHeaders: [{ key: "X-Token", value: "tok-2" }],
    alerts: [{ type: "webhook", value: "https://hook/3" }],
  });
  expect(secrets.sort()).toEqual(["https://hook/3", "pw-1", "tok-2", "webhook"]);
  expect(unknown).toBe(false);
});

test("the engine's unknown is noticed wherever it is", () => {
  expect(openSecrets({ a: [{ b: UNKNOWN }] }, []).unknown).toBe(true);
  expect(openSecrets({ ...SIG, value: UNKNOWN }, []).unknown).toBe(true);
});
