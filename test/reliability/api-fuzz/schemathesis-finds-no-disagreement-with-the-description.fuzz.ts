/**
 * Schemathesis, a fuzzer nobody here wrote, attacks a local server with requests drawn
 * from docs/openapi.json: every operation, stateful sequences along the description's
 * links (store, then show, update, list, delete), valid and invalid data, and every
 * built-in check (no 5xx; status codes, content types, bodies and headers as described;
 * invalid requests refused, valid ones accepted; deleted records gone; auth not ignored)
 * plus ours in hooks.py. It runs with account A's key while account B's records exist:
 * afterwards none of A's requests has reached them and they are as they were.
 *
 * The server listens on 127.0.0.1 only and does not check monitors, so nothing the fuzzer
 * stores makes a request leave the machine.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { api } from "../../support/api";
import { startTestServer, type UptimeServer } from "../../support/server";
import { budgetFromEnv, runSchemathesis, schemathesisPython, type FuzzRun } from "./run-schemathesis";

const A = { apiKey: "api-fuzz-account-a", name: "fuzzer" };
const B = { apiKey: "api-fuzz-account-b", name: "bystander" };

let server: UptimeServer;
let python: string;
let bRecords: { path: string; body: unknown }[] = [];

/** B's monitors and incidents, stored before the fuzzer starts (so they hold the low ids the fuzzer tries most). */
async function storeBystanderRecords(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const m = await api(server, "POST", "/api/v1/monitors", {
      key: B.apiKey,
      form: {
        name: `bystander-${i}`,
        url: `https://bystander-${i}.example.com/`,
        interval: 300,
        alerts: [{ key: "email", value: "b@example.com" }],
      },
    });
    expect(m.status).toBe(201);
    const inc = await api(server, "POST", "/api/v1/incidents", {
      key: B.apiKey,
      form: { monitor_id: m.body.data.id, started_at: "2026-01-02T03:04:05", cause: "bystander" },
    });
    expect(inc.status).toBe(201);
  }
  bRecords = [];
  for (const resource of ["monitors", "incidents"]) {
    const page = await api(server, "GET", `/api/v1/${resource}?per_page=100`, { key: B.apiKey });
    for (const r of page.body.data) bRecords.push({ path: `/api/v1/${resource}/${r.id}`, body: r });
  }
}

beforeAll(async () => {
  python = schemathesisPython();
  server = await startTestServer({ host: "127.0.0.1", accounts: [A, B] });
  await storeBystanderRecords();
});
afterAll(() => server?.close());

/** Operation (method and path template) and status of every /api/v1 request the fuzzer sent. */
function tally(requests: UptimeServer["requests"]) {
  const byOperation: Record<string, Record<string, number>> = {};
  for (const r of requests) {
    if (!r.path.startsWith("/api/v1/")) continue;
    const op = `${r.method} ${r.path.replace(/\/[^/]+$/, (last) => (/^\/(monitors|incidents)$/.test(last) ? last : "/{id}"))}`;
    byOperation[op] ??= {};
    byOperation[op][String(r.status)] = (byOperation[op][String(r.status)] ?? 0) + 1;
  }
  return byOperation;
}

test("Schemathesis finds nothing: no 5xx, no answer unlike the description, no invalid request accepted", async () => {
  // Loopback only, and no checker: nothing the fuzzer stores is ever requested from outside.
  expect(new URL(server.url).hostname).toBe("127.0.0.1");
  await expect(server.runChecks()).rejects.toThrow(/checking is off/);

  const budget = budgetFromEnv();
  server.resetStats();
  const started = Date.now();
  const run: FuzzRun = await runSchemathesis(python, server.url, A.apiKey, budget);
  const seconds = Math.round((Date.now() - started) / 1000);

  const byOperation = tally(server.requests);
  const summary = {
    budget,
    seconds,
    schemathesisTestCases: run.generated,
    requests: server.requests.length,
    operations: Object.keys(byOperation).length,
    byOperation,
  };
  mkdirSync(resolve(__dirname, "..", "..", ".output"), { recursive: true });
  writeFileSync(
    join(__dirname, "..", "..", ".output", "api-fuzz-summary.json"),
    `${JSON.stringify(summary, null, 2)}\n`,
  );
  console.log(
    `api fuzz: ${summary.requests} requests over ${summary.operations} operations in ${seconds} s (${run.generated} test cases); statuses per operation:\n${JSON.stringify(byOperation)}`,
  );

  const seed = `Schemathesis --seed ${budget.seed} (from ${budget.seedSource}; API_FUZZ_SEED=${budget.seed} or FUZZ_SEED=${budget.seed} replays it)`;
  console.log(`api fuzz: ${seed}`);
  expect(run.exitCode, `${seed}\n${run.output.slice(-20_000)}`).toBe(0);
  // Every test case passed (a warning, such as incidents mostly refused for a monitor of
  // another account, does not fail a run; failures do, through the exit code above).
  expect(run.output, seed).toMatch(/Test cases:\s+(\d+) generated, \1 passed/);
  expect(run.output, seed).not.toMatch(/\bfailures?\b.* in [\d.]+s =/);
  // Every operation of the description was exercised and answered at least once with
  // success; methods it does not describe were tried too, and refused with 405.
  const described = ["DELETE", "GET", "PATCH", "PUT"]
    .flatMap((m) => [`${m} /api/v1/incidents/{id}`, `${m} /api/v1/monitors/{id}`])
    .concat(["GET /api/v1/incidents", "GET /api/v1/monitors", "POST /api/v1/incidents", "POST /api/v1/monitors"]);
  for (const op of described) {
    expect(
      Object.keys(byOperation[op] ?? {}).filter((s) => s.startsWith("2")),
      op,
    ).not.toEqual([]);
  }
  for (const [op, statuses] of Object.entries(byOperation)) {
    if (!described.includes(op)) expect(Object.keys(statuses), op).toEqual(["405"]);
  }
  expect(server.requests.filter((r) => r.status >= 500)).toEqual([]);
});

test("with A's key, nothing of B's was read, changed or deleted", async () => {
  const label = A.name;
  const bPaths = new Set(bRecords.map((r) => r.path));
  // What the fuzzer sent to B's ids: every one was a 404 (or refused before reaching them).
  const aimedAtB = server.requests.filter((r) => r.account === label && bPaths.has(r.path.replace(/\/$/, "")));
  expect(aimedAtB.filter((r) => r.status >= 200 && r.status < 300)).toEqual([]);
  // And directly: each of B's records, tried with A's key by every method, is not found.
  for (const { path } of bRecords) {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const res = await api(server, method, path, {
        key: A.apiKey,
        form: method === "PUT" || method === "PATCH" ? { comment: "x", name: "x" } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  }
  // B's records are exactly as they were.
  for (const { path, body } of bRecords) {
    const res = await api(server, "GET", path, { key: B.apiKey });
    expect(res.status, path).toBe(200);
    expect(res.body.data, path).toEqual(body);
  }
  console.log(
    `api fuzz: ${aimedAtB.length} of the fuzzer's requests aimed at account B's ${bRecords.length} records; all refused`,
  );
});

test("a second set-up reuses the venv: the same python, nothing installed", () => {
  const started = Date.now();
  const again = spawnSync("bash", [resolve(__dirname, "..", "..", "..", "scripts", "ensure-schemathesis.sh")], {
    encoding: "utf8",
  });
  expect(again.status, again.stderr).toBe(0);
  expect(again.stdout.trim()).toBe(python);
  // It prints "made <venv> in N s" on stderr only when it installs.
  expect(again.stderr).toBe("");
  console.log(`api fuzz: warm set-up in ${Date.now() - started} ms`);
});
