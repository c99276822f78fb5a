/**
 * On a `postgres://` backend (a throwaway PostgreSQL 15 the CLI logs in to), `pulumi stack ls`
 * fails as a whole on one corrupt checkpoint, as on every self-managed backend. The audit,
 * not told the backend's URL, asks the CLI which backend it is, reads the CLI's table itself
 * (keys under the URL's database path), audits the readable stack and lists the broken one
 * as unreadable; and a stack updated twice whose current checkpoint is corrupt is audited
 * from the last checkpoint of its history. No password reaches the output. Real engine and CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORDS, startPostgres, type PostgresServer } from "../support/postgres-server";
import { startE2EServer, type E2EServer } from "./api";
import { expectCorruptStackAuditedFromHistory, runAuditCli, expectOnlyOtherBrokenUnreadable } from "./audit-cli";
import { byName, E2EStack, ok } from "./harness";

describe("pulumi-uptime audit of a logged-in postgres:// backend when one checkpoint fails", () => {
  let pg: PostgresServer;
  let srv: E2EServer;
  let stack: E2EStack;
  let backendUrl: string;
  beforeAll(async () => {
    [pg, srv] = await Promise.all([startPostgres(), startE2EServer()]);
    // No sslmode: the CLI's driver and the store both prefer TLS and fall back to plain here.
    backendUrl = pg.url("admin", "postgres");
    stack = await E2EStack.create({
      project: "claims",
      server: srv,
      config: { "fixture:monitors": JSON.stringify([{ resource: "api", name: "e2e audit on postgres" }]) },
      env: { PULUMI_BACKEND_URL: backendUrl },
    });
    ok(await stack.up());
    await stack.mustRun(["login", backendUrl, "--non-interactive"]);
  });
  afterAll(async () => {
    stack?.dispose();
    await Promise.all([srv?.close(), pg?.stop()]);
  });

  const audit = async (args: string[]) => {
    const r = await runAuditCli(stack, srv, args, { loggedIn: true });
    for (const secret of [srv.apiKey, PASSWORDS.admin]) expect(r.stdout + r.stderr).not.toContain(secret);
    return r;
  };

  it("lists the table's stacks itself, audits the readable one and reports the broken one", async () => {
    const urn = byName(await stack.resources(), "api").urn;
    pg.putObject("postgres", "pulumi_state", "postgres/.pulumi/stacks/other/broken.json", "{not json");
    const ls = await stack.run(["stack", "ls", "--all", "--json"]);
    expect(ls.code, "the CLI's own list fails on the corrupt checkpoint").not.toBe(0);

    const r = await audit(["--json", "--fail-on", "unreadable"]);
    expectOnlyOtherBrokenUnreadable(r, urn);
  });

  it("audits a stack updated twice whose checkpoint is corrupt from its last good checkpoint", async () => {
    ok(await stack.up());
    const history = pg.sql(
      "postgres",
      `SELECT count(*) FROM pulumi_state WHERE key LIKE 'postgres/.pulumi/history/e2e-claims/${stack.stack}/%.checkpoint.json'`,
    );
    expect(Number(history.trim()), "the CLI kept a checkpoint per update").toBeGreaterThanOrEqual(2);
    await expectCorruptStackAuditedFromHistory(
      stack,
      (key) => pg.putObject("postgres", "pulumi_state", `postgres/${key}`, "{not json"),
      audit,
    );
  });
});
