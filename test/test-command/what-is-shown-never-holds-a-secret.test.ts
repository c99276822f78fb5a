/**
 * What `test` shows of a URL or a reason never holds a secret: secrets are masked, the
 * longest first, and a password inside a URL is dropped.
 */
import { expect, test } from "vitest";
import { maskSecrets, shownUrl } from "../../src/test-command/verdict";

test("secrets are masked, the longest first, and a URL's password is dropped", () => {
  expect(maskSecrets("token abc and abcdef", ["abc", "abcdef"])).toBe("token [secret] and [secret]");
  expect(maskSecrets("nothing here", [""])).toBe("nothing here");
  expect(shownUrl("https://user:hunter2@host.test/p?k=tok", ["tok"])).toBe("https://user@host.test/p?k=[secret]");
});
