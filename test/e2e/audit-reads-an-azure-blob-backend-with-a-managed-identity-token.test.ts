/**
 * A stack on an Azure Blob Storage backend that the CLI reaches with an Azure AD token, as an
 * App Service or a CI runner with a managed identity does: no storage key, SAS or connection
 * string, only IDENTITY_ENDPOINT and IDENTITY_HEADER (a loopback managed identity endpoint
 * that checks them and issues tokens for storage). Azurite serves https (SSL_CERT_FILE names
 * the test CA, for the CLI and the audit alike) and takes bearer tokens (`--oauth basic`).
 * Another project's checkpoint is corrupt, so `pulumi stack ls` fails; the audit reads the
 * container itself with its own token and reports only that stack. Real engine and CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AZURITE_ACCOUNT, startAzurite, type Azurite } from "../support/azurite";
import { IDENTITY_HEADER, startEntraEndpoint, type EntraEndpoint } from "../support/entra-token-endpoint";
import { makeTestPki, type TestPki } from "../support/test-pki";
import { byName, ok } from "./harness";
import { auditedStackWithOneMonitor, expectOnlyOtherBrokenUnreadable, runAuditCli } from "./audit-cli";

const CONTAINER = "pulumi-state";

describe("pulumi-uptime audit of an Azure Blob Storage backend read with a managed identity's token", () => {
  let pki: TestPki | undefined;
  let entra: EntraEndpoint | undefined;
  let azurite: Azurite | undefined;
  const backend = () => `azblob://${CONTAINER}?domain=${azurite!.domain}`;
  const identityEnv = () => ({
    AZURE_STORAGE_ACCOUNT: AZURITE_ACCOUNT,
    SSL_CERT_FILE: pki!.caFile,
    IDENTITY_ENDPOINT: entra!.appServiceEndpoint,
    IDENTITY_HEADER,
  });
  beforeAll(async () => {
    pki = makeTestPki();
    entra = await startEntraEndpoint({ cert: pki.loopback.cert, key: pki.loopback.key });
    const tls = { certFile: pki.loopback.certFile, keyFile: pki.loopback.keyFile, caPem: pki.caPem };
    azurite = await startAzurite({ tls, oauth: true });
    await azurite.createContainer(CONTAINER);
  });
  afterAll(async () => {
    await azurite?.stop();
    await entra?.close();
    pki?.dispose();
  });
  const fixture = auditedStackWithOneMonitor("e2e audit on azblob with a managed identity", () => ({
    ...identityEnv(),
    PULUMI_BACKEND_URL: backend(),
  }));

  it("the CLI and the audit both read the container with tokens the identity endpoint issued", async () => {
    const srv = fixture.srv();
    const stack = fixture.stack();
    const urn = byName(await stack.resources(), "api").urn;
    const cliGrants = entra!.calls.filter((c) => c.granted).length;
    expect(cliGrants, "the CLI itself signed in with the managed identity").toBeGreaterThan(0);
    await azurite!.putBlob(CONTAINER, ".pulumi/stacks/other/broken.json", "{not json");
    ok(await stack.run(["login", backend(), "--non-interactive"]));
    expect((await stack.run(["stack", "ls", "--all", "--json"])).code).not.toBe(0);

    const r = await runAuditCli(stack, srv, ["--json", "--fail-on", "unreadable"], {
      loggedIn: true,
      env: identityEnv(),
    });
    expectOnlyOtherBrokenUnreadable(r, urn);
    // The audit's own requests (not the Go SDK's: no azsdk-go user agent) carried a token the endpoint issued.
    const issued = entra!.calls.filter((c) => c.granted).map((c) => c.issued!);
    const last = issued[issued.length - 1];
    const bearers = azurite!
      .debugLog()
      .split("\n")
      .filter((line) => line.includes("RequestHeaders") && line.includes('"authorization":"Bearer '));
    const ours = bearers.filter((line) => !line.includes("azsdk-go"));
    expect(bearers.length).toBeGreaterThan(ours.length);
    expect(ours.length).toBeGreaterThan(0);
    for (const line of ours)
      expect(issued.some((token) => line.includes(`"authorization":"Bearer ${token}"`))).toBe(true);
    expect(r.stdout + r.stderr).not.toContain(IDENTITY_HEADER);
    expect(r.stdout + r.stderr).not.toContain(last);
  });
});
