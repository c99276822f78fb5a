/**
 * Against Azurite: a wrong account key, a SAS token that does not grant the read, and a
 * service that does not answer are BackendStoreErrors saying what failed (status, the
 * service's error code, the variable the credential came from) and never the key, the
 * token or a signature; a URL parameter the CLI would refuse fails before any request.
 */
import { rejectionOf } from "../../../support/thrown-error";
import { afterAll, beforeAll, expect, test } from "vitest";
import { azblobStore } from "../../../../src/stack/store/azblob/azblob-store";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { AZURITE_ACCOUNT, startAzurite, type Azurite } from "../../../support/azurite";
import { closedPort } from "../../../support/closed-port";

let azurite: Azurite;
const url = (query = "") => `azblob://state/b?domain=${azurite.domain}&protocol=http${query}`;
const WRONG_KEY = Buffer.from("a key of some other account, 64 bytes long, as account keys are..").toString("base64");

beforeAll(async () => {
  azurite = await startAzurite();
  await azurite.createContainer("state");
  await azurite.putBlob("state", "b/.pulumi/meta.yaml", "version: 1\n");
}, 180_000);
afterAll(async () => await azurite?.stop());

const failure = (run: () => Promise<unknown>) => rejectionOf(run(), BackendStoreError);

test("a wrong account key: 403 and the service's code, naming AZURE_STORAGE_KEY, not the key or a signature", async () => {
  const store = azblobStore(url(), { AZURE_STORAGE_ACCOUNT: AZURITE_ACCOUNT, AZURE_STORAGE_KEY: WRONG_KEY });
  for (const call of [() => store.list(".pulumi/"), () => store.read(".pulumi/meta.yaml")]) {
    const err = await failure(call);
    expect(err.reason).toMatch(
      /answered 403 AuthorizationFailure .*: the credential from AZURE_STORAGE_KEY was refused/,
    );
    expect(err.message).not.toContain(WRONG_KEY);
    expect(err.message).not.toMatch(/SharedKey|string to sign/i);
    expect(err.where).toBe("azblob://state/b");
  }
});

test("a SAS token without the list permission: 403, naming AZURE_STORAGE_SAS_TOKEN, not the token", async () => {
  const sas = azurite.accountSas("r");
  const store = azblobStore(url(), { AZURE_STORAGE_ACCOUNT: AZURITE_ACCOUNT, AZURE_STORAGE_SAS_TOKEN: sas });
  // Its read permission is enough for a read: the token does reach the service.
  expect((await store.read(".pulumi/meta.yaml"))?.toString()).toBe("version: 1\n");
  const err = await failure(() => store.list(".pulumi/"));
  expect(err.reason).toMatch(
    /answered 403 \w+ listing the container: the credential from AZURE_STORAGE_SAS_TOKEN was refused/,
  );
  const sig = new URLSearchParams(sas).get("sig")!;
  for (const secret of [sas, sig, encodeURIComponent(sig)]) expect(err.message).not.toContain(secret);
});

test("a service that does not answer: the connection's error code and the settings that choose the address", async () => {
  const port = await closedPort();
  const sas = azurite.accountSas("rl");
  const store = azblobStore(`azblob://state?domain=127.0.0.1:${port}&protocol=http`, {
    AZURE_STORAGE_ACCOUNT: AZURITE_ACCOUNT,
    AZURE_STORAGE_SAS_TOKEN: sas,
  });
  const err = await failure(() => store.list(".pulumi/"));
  expect(err.reason).toBe(
    `cannot reach the blob service at http://127.0.0.1:${port}/${AZURITE_ACCOUNT} (ECONNREFUSED): ` +
      "check the URL's domain, protocol and localemu parameters or AZURE_STORAGE_DOMAIN",
  );
  expect(err.message).not.toContain(new URLSearchParams(sas).get("sig")!);
});

test("a parameter the CLI would refuse fails every call before any request reaches the service", async () => {
  // A prefix of its own, so that lines the access log writes late for earlier tests do not count.
  const probe = ".pulumi/refused-probe/";
  const before = azurite.log().length;
  const store = openBackendStore(url("&endpoint=elsewhere"), azurite.env)!;
  expect(store.where).toBe("azblob://state/b");
  for (const call of [() => store.list(probe), () => store.read(`${probe}meta.yaml`)]) {
    expect((await failure(call)).reason).toMatch(/query parameter "endpoint" is not one the azblob backend takes/);
  }
  // A request that did reach it shows in its access log.
  await openBackendStore(url(), azurite.env)!.list(probe);
  await new Promise((r) => setTimeout(r, 200));
  const logged = azurite.log().slice(before);
  expect(logged.match(/GET [^\n]*refused-probe/g)?.length, logged).toBe(1);
});
