/**
 * With no storage key, SAS or connection string, the store signs in to Azure AD as the CLI's
 * DefaultAzureCredential would: a client secret or a federated token (workload identity)
 * traded at the tenant's token endpoint, or a managed identity's token from App Service or
 * IMDS. The token endpoint here checks MSAL's form fields; Azurite, over https with
 * `--oauth basic`, checks each bearer token's issuer, audience and lifetime, and its debug
 * log shows the storage requests carried exactly the token the endpoint issued.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Agent, request } from "undici";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { azblobStore } from "../../../../src/stack/store/azblob/azblob-store";
import { AZURITE_ACCOUNT, startAzurite, type Azurite } from "../../../support/azurite";
import { closedPort } from "../../../support/closed-port";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  CP1,
  FEDERATED_TOKEN,
  IDENTITY_HEADER,
  jwt,
  startEntraEndpoint,
  STORAGE_SCOPE,
  TENANT,
  type EntraEndpoint,
} from "../../../support/entra-token-endpoint";
import { makeTestPki, type TestPki } from "../../../support/test-pki";
import { rejectionOf } from "../../../support/thrown-error";

const KEY = ".pulumi/stacks/app/dev.json";
let pki: TestPki;
let entra: EntraEndpoint;
let azurite: Azurite;
const dir = mkdtempSync(join(tmpdir(), "azblob-entra-"));

beforeAll(async () => {
  pki = makeTestPki();
  entra = await startEntraEndpoint({ cert: pki.loopback.cert, key: pki.loopback.key });
  const tls = { certFile: pki.loopback.certFile, keyFile: pki.loopback.keyFile, caPem: pki.caPem };
  azurite = await startAzurite({ tls, oauth: true });
  await azurite.createContainer("state");
  await azurite.putBlob("state", `b/${KEY}`, '{"v":2}');
}, 180_000);
afterAll(async () => {
  await azurite?.stop();
  await entra?.close();
  pki?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const url = () => `azblob://state/b?domain=${azurite.domain}`;
const baseEnv = () => ({
  AZURE_STORAGE_ACCOUNT: AZURITE_ACCOUNT,
  SSL_CERT_FILE: pki.caFile,
  AZURE_AUTHORITY_HOST: entra.authorityHost,
  HOME: dir,
});

/** Lists and reads with `env`; returns the calls the endpoints got meanwhile. */
async function readsAndLists(env: NodeJS.ProcessEnv, imdsEndpoint?: string) {
  const before = entra.calls.length;
  const store = azblobStore(url(), env, { entra: { imdsEndpoint } });
  expect(await store.list(".pulumi/")).toEqual([KEY]);
  expect((await store.read(KEY))?.toString()).toBe('{"v":2}');
  return entra.calls.slice(before);
}

/** How many of Azurite's logged requests carried `token` as their bearer token. */
const requestsWith = (token: string) => azurite.debugLog().split(`"authorization":"Bearer ${token}"`).length - 1;

test("Azurite refuses a bearer token for another audience, so the tokens below are checked", async () => {
  const dispatcher = new Agent({ connect: { ca: pki.caPem } });
  const wrong = jwt({ appid: CLIENT_ID }, randomBytes(32), "https://graph.microsoft.com");
  const res = await request(`${azurite.serviceUrl}/state?restype=container&comp=list`, {
    headers: { authorization: `Bearer ${wrong}`, "x-ms-version": "2021-12-02" },
    dispatcher,
  });
  const body = await res.body.text();
  await dispatcher.close();
  expect(res.statusCode).toBe(403);
  expect(body).toContain("Invalid token audience.");
});

test("a client secret: one grant with MSAL's fields, and every storage request carries its token", async () => {
  const env = { ...baseEnv(), AZURE_TENANT_ID: TENANT, AZURE_CLIENT_ID: CLIENT_ID, AZURE_CLIENT_SECRET: CLIENT_SECRET };
  const calls = await readsAndLists(env);
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({
    path: `/${TENANT}/oauth2/v2.0/token`,
    granted: true,
    fields: { grant_type: "client_credentials", client_id: CLIENT_ID, scope: STORAGE_SCOPE, claims: CP1 },
  });
  expect(requestsWith(calls[0].issued!)).toBe(2);
});

test("a federated token file (workload identity) is sent as the client assertion", async () => {
  const tokenFile = join(dir, "azure-identity-token");
  writeFileSync(tokenFile, FEDERATED_TOKEN);
  const env = {
    ...baseEnv(),
    AZURE_TENANT_ID: TENANT,
    AZURE_CLIENT_ID: CLIENT_ID,
    AZURE_FEDERATED_TOKEN_FILE: tokenFile,
  };
  const calls = await readsAndLists(env);
  expect(calls.map((c) => [c.granted, c.fields.client_assertion_type, c.fields.client_info])).toEqual([
    [true, "urn:ietf:params:oauth:client-assertion-type:jwt-bearer", "1"],
  ]);
  expect(requestsWith(calls[0].issued!)).toBe(2);
});

test("App Service's managed identity (IDENTITY_ENDPOINT, IDENTITY_HEADER) for AZURE_CLIENT_ID's identity", async () => {
  const env = {
    ...baseEnv(),
    AZURE_CLIENT_ID: CLIENT_ID,
    IDENTITY_ENDPOINT: entra.appServiceEndpoint,
    IDENTITY_HEADER,
  };
  const calls = await readsAndLists(env);
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({
    path: "/msi/token",
    granted: true,
    fields: { "api-version": "2019-08-01", resource: "https://storage.azure.com", client_id: CLIENT_ID },
  });
  expect(requestsWith(calls[0].issued!)).toBe(2);
});

test("with nothing else set, IMDS's managed identity (system-assigned), after a probe without the Metadata header", async () => {
  const calls = await readsAndLists(baseEnv(), entra.imdsEndpoint);
  expect(calls.map((c) => [c.path, c.granted])).toEqual([
    ["/metadata/identity/oauth2/token", false],
    ["/metadata/identity/oauth2/token", true],
  ]);
  expect(calls[0].fields).toEqual({});
  expect(calls[1].fields).toEqual({ "api-version": "2018-02-01", resource: "https://storage.azure.com" });
  expect(requestsWith(calls[1].issued!)).toBe(2);
});

test("AZURE_TOKEN_CREDENTIALS=ManagedIdentityCredential skips the probe and the other credentials", async () => {
  const env = {
    ...baseEnv(),
    AZURE_TOKEN_CREDENTIALS: "ManagedIdentityCredential",
    AZURE_TENANT_ID: TENANT,
    AZURE_CLIENT_ID: CLIENT_ID,
    AZURE_CLIENT_SECRET: CLIENT_SECRET,
  };
  const calls = await readsAndLists(env, entra.imdsEndpoint);
  expect(calls.map((c) => [c.path, c.granted, c.fields.client_id])).toEqual([
    ["/metadata/identity/oauth2/token", true, CLIENT_ID],
  ]);
  expect(requestsWith(calls[0].issued!)).toBe(2);
});

test("a refused client secret names Entra's answer, without the secret", async () => {
  const env = {
    ...baseEnv(),
    AZURE_TENANT_ID: TENANT,
    AZURE_CLIENT_ID: CLIENT_ID,
    AZURE_CLIENT_SECRET: "wrong~secret",
  };
  const error = await rejectionOf(azblobStore(url(), env).list(".pulumi/"), BackendStoreError);
  expect(error.reason).toMatch(
    /^cannot get an Azure AD token from AZURE_CLIENT_SECRET \(with AZURE_TENANT_ID and AZURE_CLIENT_ID\): 127\.0\.0\.1:\d+ refused the token request \(HTTP 401 invalid_client AADSTS7000215: Invalid client secret provided\.\)$/,
  );
  expect(error.message).not.toContain("wrong~secret");
});

test("a token the blob service refuses names the role its identity needs, without the token", async () => {
  entra.audience = "https://vault.azure.net";
  try {
    const env = {
      ...baseEnv(),
      AZURE_CLIENT_ID: CLIENT_ID,
      IDENTITY_ENDPOINT: entra.appServiceEndpoint,
      IDENTITY_HEADER,
    };
    const error = await rejectionOf(azblobStore(url(), env).list(".pulumi/"), BackendStoreError);
    expect(error.reason).toMatch(
      /answered 403 AuthenticationFailed listing the container: the Azure AD token from App Service's managed identity \(IDENTITY_ENDPOINT\) was refused: give its identity a role with blob read and list \(Storage Blob Data Reader\)/,
    );
    expect(error.message).not.toContain(entra.calls[entra.calls.length - 1].issued!);
  } finally {
    entra.audience = undefined;
  }
});

test("an IMDS that does not answer ends the chain, naming what else would be read", async () => {
  const silent = `http://127.0.0.1:${await closedPort()}/metadata/identity/oauth2/token`;
  const error = await rejectionOf(
    azblobStore(url(), baseEnv(), { entra: { imdsEndpoint: silent } }).list(""),
    BackendStoreError,
  );
  expect(error.reason).toMatch(
    /^cannot get an Azure AD token from the managed identity at IMDS \(127\.0\.0\.1:\d+\): could not reach .*; no other Azure credentials were found \(the sign-ins of the az and azd CLIs and Azure PowerShell are not read\)/,
  );
});
