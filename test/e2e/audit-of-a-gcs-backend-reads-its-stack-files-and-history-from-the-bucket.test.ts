/**
 * A Google Cloud Storage backend (`gs://state/team`, on fake-gcs-server through
 * STORAGE_EMULATOR_HOST, as Google's libraries take it): the CLI logged in to it fails
 * `pulumi stack ls` on one corrupt checkpoint in another project, so the audit (given no
 * --stacks, and not the backend's URL) lists the bucket's stack objects itself, audits the
 * readable stack and reports the broken one as unreadable. Then that stack, updated twice
 * and its current checkpoint corrupted, is audited (given the URL in PULUMI_BACKEND_URL)
 * from the last good checkpoint the CLI kept in the bucket's history. Real engine and CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byName, ok } from "./harness";
import {
  auditedStackWithOneMonitor,
  expectCorruptStackAuditedFromHistory,
  runAuditCli,
  expectOnlyOtherBrokenUnreadable,
} from "./audit-cli";
import { startGcsTestServer, type GcsTestServer } from "../support/gcs-test-server";

describe("pulumi-uptime audit of a gs:// backend", () => {
  let gcs: GcsTestServer;
  beforeAll(async () => {
    gcs = await startGcsTestServer({ buckets: ["state"] });
  }, 600_000);
  afterAll(() => gcs?.stop());
  const backend = () => ({
    STORAGE_EMULATOR_HOST: gcs.host,
    // The CLI wants credentials it can load even though it sends none to an emulator.
    GOOGLE_OAUTH_ACCESS_TOKEN: "unused-by-the-emulator",
  });
  const fixture = auditedStackWithOneMonitor("e2e audit of a gs backend", () => ({
    ...backend(),
    PULUMI_BACKEND_URL: "gs://state/team",
  }));

  it("lists the bucket's stack files itself when one checkpoint fails the CLI's list", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const urn = byName(await stack.resources(), "api").urn;
    // The CLI wrote the stack into the bucket, under the URL's path (and a .bak beside it).
    const checkpoints = (await gcs.names("state", "team/.pulumi/stacks/")).filter((n) => n.endsWith(".json"));
    expect(checkpoints).toEqual([`team/.pulumi/stacks/e2e-claims/${stack.stack}.json`]);
    await gcs.put("state", "team/.pulumi/stacks/other/broken.json", "{not json");
    const login = await stack.run(["login", "gs://state/team", "--non-interactive"]);
    expect(login.code, login.output).toBe(0);
    const listed = await stack.run(["stack", "ls", "--all", "--json"]);
    expect(listed.code, "the CLI's own list fails on the broken checkpoint").not.toBe(0);

    const r = await runAuditCli(stack, srv, ["--json", "--fail-on", "unreadable"], { loggedIn: true, env: backend() });
    expectOnlyOtherBrokenUnreadable(r, urn);
    expect(r.stdout + r.stderr).not.toContain(srv.apiKey);
  });

  it("audits a stack whose current checkpoint is corrupt from the last good one in the bucket's history", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const full = `organization/e2e-claims/${stack.stack}`;
    ok(await stack.up());
    const history = (await gcs.names("state", `team/.pulumi/history/e2e-claims/${stack.stack}/`)).filter((n) =>
      n.endsWith(".checkpoint.json"),
    );
    expect(history).toHaveLength(2);

    // This time the audit is given the backend's URL.
    const env = { ...backend(), PULUMI_BACKEND_URL: "gs://state/team" };
    const { report } = await expectCorruptStackAuditedFromHistory(
      stack,
      (key) => gcs.put("state", `team/${key}`, "{not json"),
      (args) => runAuditCli(stack, srv, args, { env }),
    );
    const newest = history.sort().at(-1)!.slice("team/".length);
    expect(report.unreadable).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          stack: full,
          readFromHistory: { checkpoint: newest, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        }),
      ]),
    );
  });
});
