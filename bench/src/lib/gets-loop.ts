/**
 * The loop of a floor that GETs a list of URLs: the URLs of the file named by argv[2] (one a
 * line), `get` at concurrency argv[3]; prints the number of 2xx answers, then the milliseconds
 * from the first GET to the last answer. Each floor brings only its transport's `get`.
 */
import { readFileSync } from "node:fs";

export async function runGets(get: (url: string) => Promise<number>): Promise<void> {
  const urls = readFileSync(process.argv[2], "utf8").split("\n").filter(Boolean);
  const concurrency = Number(process.argv[3]);
  let next = 0;
  let ok = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const status = await get(urls[next++]);
        if (status >= 200 && status < 300) ok++;
      }
    }),
  );
  process.stdout.write(`${ok} ${Math.round(performance.now() - started)}\n`);
}
