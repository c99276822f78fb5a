/**
 * A gs:// URL the CLI would refuse, or credentials the store cannot use, fail the store's
 * calls with a BackendStoreError naming the setting and what it accepts, before any request
 * (this is a unit test: a connection would throw here). openBackendStore itself never throws.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { rejectionOf } from "../../../support/thrown-error";

const home = mkdtempSync(join(tmpdir(), "gs-unit-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const reasonOf = async (url: string, env: NodeJS.ProcessEnv): Promise<string> => {
  const store = openBackendStore(url, { HOME: home, ...env });
  expect(store).toBeDefined();
  return (await rejectionOf(store!.list(".pulumi/stacks/"), BackendStoreError)).reason;
};

test("a query parameter gocloud's gcsblob does not take is named, with the ones it takes", async () => {
  expect(await reasonOf("gs://state?region=eu", {})).toBe(
    'query parameter "region" is not one the CLI takes for gs:// (allowed: anonymous, access_id, private_key_path, universe_domain)',
  );
  expect(await reasonOf("gs://state?anonymous=yes", {})).toMatch(/"anonymous" must be true or false/);
});

test("a URL without a bucket or with a bad escape, or an emulator host written as a URL", async () => {
  expect(await reasonOf("gs:///dir", {})).toMatch(/names no bucket: use gs:\/\/<bucket>/);
  expect(await reasonOf("gs://state/a%zzb", {})).toBe("the URL's path has a malformed %-escape");
  expect(await reasonOf("gs://state", { STORAGE_EMULATOR_HOST: "http://127.0.0.1:4443" })).toMatch(
    /STORAGE_EMULATOR_HOST must be a host\[:port\]/,
  );
});

test("kinds of credentials the store does not read are named, without their content", async () => {
  const client = JSON.stringify({ installed: { client_id: "x", client_secret: "client-secret-9" } });
  const reason = await reasonOf("gs://state", { GOOGLE_CREDENTIALS: client });
  expect(reason).toMatch(/GOOGLE_CREDENTIALS holds credentials of type none; pulumi-uptime reads "service_account", /);
  expect(reason).not.toContain("client-secret-9");
});

const federation = (fields: Record<string, unknown>) =>
  JSON.stringify({
    type: "external_account",
    audience: "//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/q",
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    ...fields,
  });

test("federation with an executable or AWS as the subject token's source is named as not read", async () => {
  const executable = federation({ credential_source: { executable: { command: "/bin/get-token --secret s3cr3t" } } });
  const reason = await reasonOf("gs://state", { GOOGLE_CREDENTIALS: executable });
  expect(reason).toMatch(/workload identity federation with an executable-sourced subject token .* does not read/);
  expect(reason).not.toContain("s3cr3t");
  const aws = federation({ credential_source: { environment_id: "aws1", region_url: "http://169.254.169.254/x" } });
  expect(await reasonOf("gs://state", { GOOGLE_CREDENTIALS: aws })).toMatch(/with an AWS-sourced subject token/);
});

test("a federation file missing a field, or with a format or URL that cannot be used, is named", async () => {
  const env = (fields: Record<string, unknown>) => ({ GOOGLE_CREDENTIALS: federation(fields) });
  expect(await reasonOf("gs://state", env({ audience: "", credential_source: { file: "/t" } }))).toBe(
    "GOOGLE_CREDENTIALS lacks audience",
  );
  expect(await reasonOf("gs://state", env({}))).toBe("GOOGLE_CREDENTIALS lacks credential_source");
  expect(await reasonOf("gs://state", env({ credential_source: { file: "/t", format: { type: "xml" } } }))).toMatch(
    /credential_source.format.type other than "text" or "json"/,
  );
  expect(await reasonOf("gs://state", env({ credential_source: { file: "/t", format: { type: "json" } } }))).toMatch(
    /without subject_token_field_name/,
  );
  expect(await reasonOf("gs://state", env({ token_url: "sts", credential_source: { file: "/t" } }))).toBe(
    "GOOGLE_CREDENTIALS has a token_url that is not a URL",
  );
  expect(
    await reasonOf("gs://state", env({ workforce_pool_user_project: "p", credential_source: { file: "/t" } })),
  ).toMatch(/sets workforce_pool_user_project, which only a workforce pool's audience takes/);
  const impersonation = JSON.stringify({ type: "impersonated_service_account", source_credentials: {} });
  expect(await reasonOf("gs://state", { GOOGLE_CREDENTIALS: impersonation })).toBe(
    "GOOGLE_CREDENTIALS lacks source_credentials or service_account_impersonation_url",
  );
});

test("a subject token file that is not there fails before the exchange", async () => {
  const missing = join(home, "no-token.txt");
  expect(
    await reasonOf("gs://state", { GOOGLE_CREDENTIALS: federation({ credential_source: { file: missing } }) }),
  ).toBe(`cannot get an access token from GOOGLE_CREDENTIALS: cannot read the subject token file ${missing}: ENOENT`);
});

test("credentials that are not JSON, lack a field, or name a file that is not there", async () => {
  expect(await reasonOf("gs://state", { GOOGLE_CREDENTIALS: "-----BEGIN PRIVATE KEY-----" })).toBe(
    "GOOGLE_CREDENTIALS is not JSON",
  );
  const keyFile = join(home, "partial.json");
  writeFileSync(keyFile, JSON.stringify({ type: "service_account", client_email: "a@b.iam.gserviceaccount.com" }));
  expect(await reasonOf("gs://state", { GOOGLE_APPLICATION_CREDENTIALS: keyFile })).toBe(
    `the file GOOGLE_APPLICATION_CREDENTIALS names (${keyFile}) lacks private_key`,
  );
  const missing = join(home, "missing.json");
  expect(await reasonOf("gs://state", { GOOGLE_APPLICATION_CREDENTIALS: missing })).toBe(
    `cannot read the file GOOGLE_APPLICATION_CREDENTIALS names (${missing}): ENOENT`,
  );
});

test("a service account key that is not an RSA key fails before its exchange", async () => {
  const key = JSON.stringify({
    type: "service_account",
    client_email: "a@b.iam.gserviceaccount.com",
    private_key: "xyz",
  });
  expect(await reasonOf("gs://state", { GOOGLE_CREDENTIALS: key })).toBe(
    "cannot get an access token from GOOGLE_CREDENTIALS: its private_key is not a PEM RSA private key",
  );
});
