/**
 * On an S3 backend (an S3-compatible server on loopback, the backend rooted under a path of
 * the bucket) `pulumi stack ls` fails as a whole on one checkpoint it cannot read. The audit,
 * given no `--stacks`, lists the bucket's stack files itself: the readable stack's monitor is
 * managed and the broken stack of another project is unreadable. Then a stack updated twice
 * whose current checkpoint is corrupted is audited from the newest checkpoint the CLI kept in
 * the bucket's history. Real engine and CLI; the corrupt objects are written through the server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3TestServer, type S3TestServer } from "../support/s3-test-server";
import { byName, ok } from "./harness";
import {
  auditedFromHistory,
  auditedStackWithOneMonitor,
  expectCorruptStackAuditedFromHistory,
  runAuditCli,
} from "./audit-cli";

/** The backend's root inside the bucket: every key the CLI writes is under it. */
const ROOT = "pulumi/state";

describe("pulumi-uptime audit of an S3 backend whose checkpoints fail the CLI's stack list", () => {
  let s3: S3TestServer | undefined;
  const backend = () => ({ ...s3!.awsEnv(), PULUMI_BACKEND_URL: s3!.backendUrl(ROOT) });
  beforeAll(async () => {
    s3 = await startS3TestServer();
  });
  afterAll(() => s3?.close());
  const fixture = auditedStackWithOneMonitor("e2e audit s3 backend", backend);

  it("lists the bucket's stack files itself, then reads a corrupt stack from its last good checkpoint", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const full = `organization/e2e-claims/${stack.stack}`;
    const monitor = byName(await stack.resources(), "api");
    const audit = (args: string[]) => runAuditCli(stack, srv, args, { env: backend() });

    await s3!.put(`${ROOT}/.pulumi/stacks/other/broken.json`, "{not json");
    const listed = await stack.run(["stack", "ls", "--all", "--json"]);
    expect(listed.code, "the CLI's own list fails on the broken checkpoint").not.toBe(0);

    const whole = await audit(["--json", "--fail-on", "unreadable"]);
    expect(whole.code, whole.stderr).toBe(1);
    const first = JSON.parse(whole.stdout) as {
      managed: { urn: string; stack: string }[];
      unreadable: { stack: string; reason: string }[];
    };
    expect(first.managed).toEqual([expect.objectContaining({ urn: monitor.urn, stack: full })]);
    expect(first.unreadable).toEqual([
      { stack: "organization/other/broken", reason: expect.stringContaining("invalid character") },
    ]);

    // A second update, so the history holds more than one checkpoint; then the current one breaks.
    ok(await stack.up());
    const { r: again, report: second } = await expectCorruptStackAuditedFromHistory(
      stack,
      (key) => s3!.put(`${ROOT}/${key}`, "{not json"),
      audit,
    );
    expect(second.unreadable).toEqual([
      auditedFromHistory("e2e-claims", stack.stack),
      { stack: "organization/other/broken", reason: expect.stringContaining("invalid character") },
    ]);
    expect(second.caveats.join("\n")).toContain(`${full}, audited from its last good checkpoint, saved `);
    for (const r of [whole, again]) {
      expect(r.stdout + r.stderr).not.toContain(srv.apiKey);
      expect(r.stdout + r.stderr).not.toContain(s3!.secretKey);
    }
  });
});
