/**
 * What `test` shows of a monitor's name, URL or reason never holds a secret: secrets are
 * masked, the longest first, and a password inside a URL is dropped.
 */
import { expect, test } from "vitest";
import { PROBE_DEFAULTS } from "../../src/probe/probe";
import { verdictOf } from "../../src/test-command/verdict";

/** The verdict on a monitor whose method is unknown until deploy: skipped, so nothing is checked. */
function skipped(name: string, url: string, why: string, secrets: string[]) {
  return verdictOf(
    { args: { name, url }, unknown: { requestMethod: why }, secrets },
    { settings: { ...PROBE_DEFAULTS, loopbackOnly: true, ca: undefined } },
  );
}

test("secrets are masked, the longest first, and a URL's password is dropped", async () => {
  const masked = await skipped("token abc and abcdef", "https://host.test/", "from abcdef", ["abc", "abcdef"]);
  expect(masked).toMatchObject({ outcome: "skipped", name: "token [secret] and [secret]" });
  expect(masked.reason).toBe("requestMethod: from [secret]");
  const none = await skipped("nothing here", "https://host.test/", "unknown", [""]);
  expect(none.name).toBe("nothing here");
  const url = await skipped("m", "https://user:hunter2@host.test/p?k=tok", "unknown", ["tok"]);
  expect(url.url).toBe("https://user@host.test/p?k=[secret]");
});
