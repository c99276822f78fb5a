/**
 * The S3 store takes keys and region as the CLI's AWS SDK does: a profile named in the URL
 * wins over keys in the environment, which win over AWS_PROFILE; a profile's keys come from
 * the credentials file over the config file; the region from the URL, AWS_REGION,
 * AWS_DEFAULT_REGION, then the profile. Settings the AWS SDK refuses, and SSO, which the
 * store does not follow, are errors named before any request, and no error carries a secret.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { awsAccess } from "../../../../src/stack/store/s3/aws-credentials";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { containerEndpoint } from "../../../../src/stack/store/s3/aws-container-credentials";
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
    "[profile role-sso]",
    "role_arn = arn:aws:iam::1:role/r",
    "source_profile = sso",
    "[profile two]",
    "role_arn = arn:aws:iam::1:role/r",
    "credential_process = /bin/print-keys",
    "web_identity_token_file = /t",
    "[profile no-role]",
    "source_profile = ci",
    "[profile odd-source]",
    "role_arn = arn:aws:iam::1:role/r",
    "credential_source = Laptop",
    "[profile mfa]",
    "role_arn = arn:aws:iam::1:role/r",
    "source_profile = ci",
    "mfa_serial = arn:aws:iam::1:mfa/me",
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
const keys = (env: NodeJS.ProcessEnv, url: { profile?: string; anonymous?: boolean } = {}) => access(env, url).keys?.();

test("keys in the environment win over the default and AWS_PROFILE profiles, a URL's profile wins over them", async () => {
  expect(await keys({ ...files, ...envKeys })).toEqual({
    accessKeyId: "AKIAENV",
    secretAccessKey: "env-secret",
    sessionToken: "env-token",
  });
  expect((await keys({ ...files, ...envKeys, AWS_PROFILE: "ci" }))?.accessKeyId).toBe("AKIAENV");
  expect(await keys({ ...files, ...envKeys }, { profile: "ci" })).toEqual({
    accessKeyId: "AKIACONFIG",
    secretAccessKey: "ci-secret", // the credentials file's value wins
    sessionToken: "ci-token",
  });
  expect(await keys(files)).toEqual({ accessKeyId: "AKIADEFAULT", secretAccessKey: "default-secret" });
  expect((await keys({ ...files, AWS_PROFILE: "ci" }))?.accessKeyId).toBe("AKIACONFIG");
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

test("SSO, and settings the AWS SDK refuses, are named before any request, without a secret", () => {
  const reason = (env: NodeJS.ProcessEnv, profile?: string) =>
    thrownBy(() => access(env, { profile }), BackendStoreError).reason;
  expect(reason(files, "sso")).toContain('AWS IAM Identity Center (SSO, in AWS profile "sso")');
  expect(reason(files, "role-sso")).toContain('AWS IAM Identity Center (SSO, in AWS profile "sso")');
  expect(reason(files, "two")).toContain(
    'AWS profile "two" names more than one of source_profile, credential_source, credential_process',
  );
  expect(reason(files, "no-role")).toBe('AWS profile "no-role" has source_profile but no role_arn, the role it is for');
  expect(reason(files, "odd-source")).toBe(
    'AWS profile "odd-source" has credential_source = Laptop: the values are EcsContainer, Ec2InstanceMetadata and Environment',
  );
  expect(reason(files, "mfa")).toContain("mfa_serial");
  const none = { AWS_CONFIG_FILE: join(dir, "none"), AWS_SHARED_CREDENTIALS_FILE: join(dir, "none") };
  expect(reason({ ...none, AWS_WEB_IDENTITY_TOKEN_FILE: "/t" })).toBe(
    "AWS_WEB_IDENTITY_TOKEN_FILE is set without AWS_ROLE_ARN, the role to assume",
  );
  expect(reason({ ...none, AWS_WEB_IDENTITY_TOKEN_FILE: "/t", AWS_ROLE_ARN: "arn:aws:iam::1:role/r" })).toContain(
    "no AWS region to ask STS",
  );
  expect(reason({ ...none, AWS_EC2_METADATA_DISABLED: "true" })).toContain("AWS_EC2_METADATA_DISABLED=true");
  expect(reason({ ...none, AWS_CONTAINER_CREDENTIALS_FULL_URI: "not a url" })).toBe(
    "AWS_CONTAINER_CREDENTIALS_FULL_URI is not a URL with a host",
  );
  expect(reason(files, "missing")).toBe(`AWS profile "missing" is in neither ${config} nor ${credentials}`);
  for (const r of [reason(files, "sso"), reason(files, "role-sso")]) {
    expect(r).toContain("give static keys in AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY");
    expect(r).not.toMatch(/ci-token|default-secret|ci-secret|config-secret/);
  }
});

test("the container endpoint is FULL_URI as given, else RELATIVE_URI on the ECS agent", () => {
  expect(containerEndpoint("s3://state", { AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: "/v2/credentials/abc" })).toEqual({
    url: "http://169.254.170.2/v2/credentials/abc",
    full: false,
  });
  expect(
    containerEndpoint("s3://state", {
      AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: "/v2/credentials/abc",
      AWS_CONTAINER_CREDENTIALS_FULL_URI: "http://169.254.170.23/v1/credentials",
    }),
  ).toEqual({ url: "http://169.254.170.23/v1/credentials", full: true });
  expect(containerEndpoint("s3://state", {})).toBeUndefined();
});
