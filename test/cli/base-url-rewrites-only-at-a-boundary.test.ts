/** `--base-url FROM=TO` rewrites a URL only where FROM ends at a boundary. */
import { afterAll, expect, test } from "vitest";
import { byName, runTestCommand, scratch } from "./helpers";

const dir = scratch();
afterAll(() => dir.dispose());

test("FROM matches at /, ?, # or the end; the first pair that matches wins", async () => {
  const urls = [
    "https://shop.example.com",
    "https://shop.example.com/a?b=1",
    "https://shop.example.com?x",
    "https://shop.example.com.evil.test/",
    "https://api.example.com/v1/health",
    "https://other.example.com/",
  ];
  // Paused, so `test` checks none of them and shows each URL as it would have checked it.
  const file = dir.monitors(
    Object.fromEntries(urls.map((url, i) => [`m${i}`, { name: `m${i}`, url, interval: 60, paused: true }])),
  );
  const r = await runTestCommand([
    "--file",
    file,
    "--json",
    "--base-url",
    "https://shop.example.com=http://127.0.0.1:9000",
    "--base-url",
    "https://api.example.com/v1/=http://127.0.0.1:9001/",
  ]);
  expect(r.code, r.stderr).toBe(0);
  const shown = byName(r.stdout);
  expect(Object.values(shown).map((v) => v.outcome)).toEqual(urls.map(() => "skipped"));
  expect(urls.map((_, i) => shown[`m${i}`].url)).toEqual([
    "http://127.0.0.1:9000",
    "http://127.0.0.1:9000/a?b=1",
    "http://127.0.0.1:9000?x",
    "https://shop.example.com.evil.test/",
    "http://127.0.0.1:9001/health",
    "https://other.example.com/",
  ]);
});
