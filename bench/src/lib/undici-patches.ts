/**
 * B14's floor, in its own process like the command it is compared with: for the monitor
 * ids in the file named by argv[2] (one a line), the PATCHes `maintenance start` and `end`
 * send, with plain undici at concurrency argv[3]: each monitor's window set to argv[4] to
 * argv[5], then each cleared (the form bodies the client sends). The service is
 * UPTIME_BASE_URL with UPTIME_API_KEY. Prints the number of 2xx answers, then the
 * milliseconds from the first PATCH to the last answer.
 */
import { readFileSync } from "node:fs";
import { request } from "undici";

async function patchAll(ids: string[], body: string, concurrency: number): Promise<number> {
  const base = process.env.UPTIME_BASE_URL!;
  const headers = {
    authorization: `Bearer ${process.env.UPTIME_API_KEY}`,
    accept: "application/json",
    "content-type": "application/x-www-form-urlencoded",
  };
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const res = await request(`${base}/api/v1/monitors/${id}`, { method: "PATCH", headers, body });
        await res.body.dump();
        if (res.statusCode >= 200 && res.statusCode < 300) ok++;
      }
    }),
  );
  return ok;
}

async function main(): Promise<void> {
  const ids = readFileSync(process.argv[2], "utf8").split("\n").filter(Boolean);
  const concurrency = Number(process.argv[3]);
  const window = new URLSearchParams({ maintenance_start_at: process.argv[4], maintenance_end_at: process.argv[5] });
  const cleared = new URLSearchParams({ maintenance_start_at: "", maintenance_end_at: "" });
  const started = performance.now();
  const ok =
    (await patchAll(ids, window.toString(), concurrency)) + (await patchAll(ids, cleared.toString(), concurrency));
  process.stdout.write(`${ok} ${Math.round(performance.now() - started)}\n`);
}

void main();
