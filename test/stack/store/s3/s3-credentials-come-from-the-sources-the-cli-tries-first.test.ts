/**
 * The S3 store takes keys and region as the CLI's AWS SDK does: a profile named in the URL
 * wins over keys in the environment, which win over AWS_PROFILE; a profile's keys come from
 * the credentials file over the config file; the region from the URL, AWS_REGION,
 * AWS_DEFAULT_REGION, then the profile. A source the store does not follow is an error that
 * names it, and no error carries a secret.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { awsAccess } from "../../../../src/stack/store/s3/aws-credentials";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { thrownBy } from "../../../support/thrown-error";

const dir = mkdtempSync(join(tmpdir(), "aws-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, "config");
const credentials = join(dir, "credentials");
writeFileSync(
  config,
  [
    "[default]",
    "region = eu-central-1",
    "[profile ci]",
    "region = ap-south-1",
    "aws_access_key_id = AKIACONFIG",
    "aws_secret_access_key = config-secret",
    "s3 =",
    "  addressing_style = path",
    "[profile sso]",
    "sso_session = corp",
    "[profile process]",
    "credential_process = /bin/print-keys",
    "[profile role]",
    "role_arn = arn:aws:iam::1:role/r",
    "source_profile = ci",
    "[profile bare]",
    "region = us-west-1",
  ].join("\n"),
);
writeFileSync(
  credentials,
  [
    "# comment",
    "[default]",
    "aws_access_key_id = AKIADEFAULT",
    "aws_secret_access_key = default-secret",
    "[ci]",
    "aws_secret_access_key = ci-secret",
    "aws_session_token = ci-token",
  ].join("\n"),
);
const files = { AWS_CONFIG_FILE: config, AWS_SHARED_CREDENTIALS_FILE: credentials };
const envKeys = { AWS_ACCESS_KEY_ID: "AKIAENV", AWS_SECRET_ACCESS_KEY: "env-secret", AWS_SESSION_TOKEN: "env-token" };
const access = (env: NodeJS.ProcessEnv, url: { profile?: string; region?: string; anonymous?: boolean } = {}) =>
  awsAccess(env, { where: "s3://state", anonymous: false, ...url });

test("keys in the environment win over the default and AWS_PROFILE profiles, a URL's profile wins over them", () => {
  expect(access({ ...files, ...envKeys }).keys).toEqual({
    accessKeyId: "AKIAENV",
    secretAccessKey: "env-secret",
    sessionToken: "env-token",
  });
  expect(access({ ...files, ...envKeys, AWS_PROFILE: "ci" }).keys?.accessKeyId).toBe("AKIAENV");
  expect(access({ ...files, ...envKeys }, { profile: "ci" }).keys).toEqual({
    accessKeyId: "AKIACONFIG",
    secretAccessKey: "ci-secret", // the credentials file's value wins
    sessionToken: "ci-token",
  });
  expect(access(files).keys).toEqual({ accessKeyId: "AKIADEFAULT", secretAccessKey: "default-secret" });
  expect(access({ ...files, AWS_PROFILE: "ci" }).keys?.accessKeyId).toBe("AKIACONFIG");
  expect(access({ ...files, ...envKeys }, { anonymous: true }).keys).toBeUndefined();
});

test("the region comes from the URL, AWS_REGION, AWS_DEFAULT_REGION, then the profile", () => {
  expect(access({ ...files, AWS_REGION: "us-east-2" }, { region: "eu-west-3" }).region).toBe("eu-west-3");
  expect(access({ ...files, AWS_REGION: "us-east-2", AWS_DEFAULT_REGION: "us-west-2" }).region).toBe("us-east-2");
  expect(access({ ...files, AWS_DEFAULT_REGION: "us-west-2" }).region).toBe("us-west-2");
  expect(access(files).region).toBe("eu-central-1");
  expect(access(files, { profile: "ci" }).region).toBe("ap-south-1");
  expect(access({ ...files, ...envKeys, AWS_ENDPOINT_URL_S3: "http://127.0.0.1:9000" }).endpoint).toBe(
    "http://127.0.0.1:9000",
  );
});

test("SSO, credential_process, assumed roles, web identity and instance metadata are named, not followed", () => {
  const reason = (env: NodeJS.ProcessEnv, profile?: string) =>
    thrownBy(() => access(env, { profile }), BackendStoreError).reason;
  expect(reason(files, "sso")).toContain('AWS IAM Identity Center (SSO, in AWS profile "sso")');
  expect(reason({ ...files, AWS_PROFILE: "process" })).toContain('a credential_process (in AWS profile "process")');
  expect(reason(files, "role")).toContain('an assumed role (role_arn in AWS profile "role")');
  expect(
    reason({
      AWS_CONFIG_FILE: join(dir, "none"),
      AWS_SHARED_CREDENTIALS_FILE: join(dir, "none"),
      AWS_WEB_IDENTITY_TOKEN_FILE: "/t",
    }),
  ).toContain("a web identity token (AWS_WEB_IDENTITY_TOKEN_FILE)");
  expect(reason(files, "bare")).toContain("the instance metadata service (IMDS)");
  expect(reason({ ...files, AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: "/v2/x" }, "bare")).toContain(
    "container credentials",
  );
  expect(reason(files, "missing")).toBe(`AWS profile "missing" is in neither ${config} nor ${credentials}`);
  for (const r of [reason(files, "role"), reason(files, "sso")]) {
    expect(r).toContain("give static keys in AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY");
    expect(r).not.toMatch(/ci-token|default-secret|ci-secret|config-secret/);
  }
});
