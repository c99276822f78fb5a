/** `--base-url FROM=TO` rewrites a URL only where FROM ends at a boundary. */
import { expect, test } from "vitest";
import { urlRewriter } from "../../src/cli/test";

test("FROM matches at /, ?, # or the end; the first pair that matches wins", () => {
  const rewrite = urlRewriter([
    { from: "https://shop.example.com", to: "http://127.0.0.1:9000" },
    { from: "https://api.example.com/v1/", to: "http://127.0.0.1:9001/" },
  ]);
  expect(rewrite("https://shop.example.com")).toBe("http://127.0.0.1:9000");
  expect(rewrite("https://shop.example.com/a?b=1")).toBe("http://127.0.0.1:9000/a?b=1");
  expect(rewrite("https://shop.example.com?x")).toBe("http://127.0.0.1:9000?x");
  expect(rewrite("https://shop.example.com.evil.test/")).toBe("https://shop.example.com.evil.test/");
  expect(rewrite("https://api.example.com/v1/health")).toBe("http://127.0.0.1:9001/health");
  expect(rewrite("https://other.example.com/")).toBe("https://other.example.com/");
});
