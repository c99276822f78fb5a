/**
 * A stack deployed to an Azure Blob Storage backend (Azurite on loopback, which checks the
 * Shared Key signatures of the CLI and of the audit alike; the backend under a path of its
 * container), the CLI logged in to it. Another project's checkpoint, written through the
 * blob service, is corrupt: `pulumi stack ls` fails as a whole, the audit lists the
 * container's stack files itself, audits the readable stack and reports the broken one.
 * Then the stack, updated a second time, has its own checkpoint corrupted: it is audited
 * from the newest checkpoint of its history in the container. Real engine and CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAzurite, type Azurite } from "../support/azurite";
import { byName, ok } from "./harness";
import {
  auditedStackWithOneMonitor,
  expectCorruptStackAuditedFromHistory,
  runAuditCli,
  expectOnlyOtherBrokenUnreadable,
} from "./audit-cli";

const CONTAINER = "pulumi-state";
const PATH = "teams/web";

describe("pulumi-uptime audit of a stack on an Azure Blob Storage backend", () => {
  let azurite: Azurite | undefined;
  const backend = () => `azblob://${CONTAINER}/${PATH}?domain=${azurite!.domain}&protocol=http`;
  const env = () => ({ ...azurite!.env, PULUMI_BACKEND_URL: backend() });
  beforeAll(async () => {
    azurite = await startAzurite();
    await azurite.createContainer(CONTAINER);
  });
  afterAll(async () => await azurite?.stop());
  const fixture = auditedStackWithOneMonitor("e2e audit on azblob", env);

  it("lists the container's stack files when one checkpoint fails the CLI's list, and reports that stack", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const urn = byName(await stack.resources(), "api").urn;
    await azurite!.putBlob(CONTAINER, `${PATH}/.pulumi/stacks/other/broken.json`, "{not json");
    ok(await stack.run(["login", backend(), "--non-interactive"]));
    const listed = await stack.run(["stack", "ls", "--all", "--json"]);
    expect(listed.code, "the CLI's own list fails on the broken checkpoint").not.toBe(0);

    const r = await runAuditCli(stack, srv, ["--json", "--fail-on", "unreadable"], {
      loggedIn: true,
      env: azurite!.env,
    });
    expectOnlyOtherBrokenUnreadable(r, urn);
    expect(r.stdout + r.stderr).not.toContain(srv.apiKey);
    expect(r.stdout + r.stderr).not.toContain(azurite!.env.AZURE_STORAGE_KEY);
  });

  it("audits a stack whose checkpoint is corrupt from the newest checkpoint of its history in the container", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    ok(await stack.up());
    const { r } = await expectCorruptStackAuditedFromHistory(
      stack,
      (key) => azurite!.putBlob(CONTAINER, `${PATH}/${key}`, "{not json"),
      (args) => runAuditCli(stack, srv, args, { env: env() }),
    );
    expect(r.stdout + r.stderr).not.toContain(azurite!.env.AZURE_STORAGE_KEY);
  });
});
