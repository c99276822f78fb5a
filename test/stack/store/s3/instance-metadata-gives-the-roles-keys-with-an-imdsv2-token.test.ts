/**
 * With no other source, the keys of the instance's role come from the instance metadata
 * service as the CLI's AWS SDK gets them: a session token from a PUT (IMDSv2), then the role's
 * name and its keys with that token; AWS_EC2_METADATA_SERVICE_ENDPOINT points at the service
 * and AWS_EC2_METADATA_DISABLED=true turns it off (no request). A service that refuses the PUT
 * is asked without a token (IMDSv1) unless AWS_EC2_METADATA_V1_DISABLED=true. Real IMDS
 * stand-ins and S3-compatible server on loopback.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { startInstanceMetadataServer, type MetadataTestServer } from "../../../support/aws-metadata-test-servers";
import {
  issuedKeys,
  NO_AWS_SETTINGS,
  startS3WithTemporaryKeys,
  type S3TestServer,
} from "../../../support/s3-test-server";
import { closedPort } from "../../../support/closed-port";
import { rejectionOf } from "../../../support/thrown-error";

let s3: S3TestServer;
let imds: MetadataTestServer;
beforeAll(async () => {
  s3 = await startS3WithTemporaryKeys();
  imds = await startInstanceMetadataServer({
    role: "pulumi-runner",
    issue: issuedKeys(s3),
  });
});
afterAll(async () => {
  await s3?.close();
  await imds?.close();
});

test("a session token, then the role's name and keys with it; the keys list and read the bucket", async () => {
  imds.requests.length = 0;
  const env = { ...NO_AWS_SETTINGS, AWS_EC2_METADATA_DISABLED: "", AWS_EC2_METADATA_SERVICE_ENDPOINT: `${imds.url}/` };
  const store = openBackendStore(s3.backendUrl(), env)!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/web/prod.json"]);
  expect((await store.read(".pulumi/stacks/web/prod.json"))?.toString()).toBe('{"version":3}');
  expect(
    imds.requests.map((r) => [r.method, r.path, r.headers["x-aws-ec2-metadata-token-ttl-seconds"], r.status]),
  ).toEqual([
    ["PUT", "/latest/api/token", "21600", 200],
    ["GET", "/latest/meta-data/iam/security-credentials/", undefined, 200],
    ["GET", "/latest/meta-data/iam/security-credentials/pulumi-runner", undefined, 200],
  ]);
  // The stand-in answers a GET only with a token it gave (401 otherwise): both carried the PUT's.
  const token = imds.requests[1].headers["x-aws-ec2-metadata-token"];
  expect(token).toBeTruthy();
  expect(imds.requests[2].headers["x-aws-ec2-metadata-token"]).toBe(token);
});

test("AWS_EC2_METADATA_DISABLED=true is an error naming it, and the service is not asked", async () => {
  imds.requests.length = 0;
  const env = { ...NO_AWS_SETTINGS, AWS_EC2_METADATA_DISABLED: "TRUE", AWS_EC2_METADATA_SERVICE_ENDPOINT: imds.url };
  const err = await rejectionOf(openBackendStore(s3.backendUrl(), env)!.list(".pulumi/"), BackendStoreError);
  expect(err.reason).toContain("the instance metadata service is turned off (AWS_EC2_METADATA_DISABLED=true)");
  expect(imds.requests).toEqual([]);
});

test("a service that refuses the token's PUT is asked without one, unless IMDSv1 is turned off", async () => {
  const v1 = await startInstanceMetadataServer({ role: "pulumi-runner", issue: issuedKeys(s3), v1Only: true });
  try {
    const env = { ...NO_AWS_SETTINGS, AWS_EC2_METADATA_DISABLED: "", AWS_EC2_METADATA_SERVICE_ENDPOINT: v1.url };
    expect(await openBackendStore(s3.backendUrl(), env)!.list(".pulumi/stacks/")).toEqual([
      ".pulumi/stacks/web/prod.json",
    ]);
    expect(v1.requests.map((r) => [r.method, r.status, r.headers["x-aws-ec2-metadata-token"]])).toEqual([
      ["PUT", 403, undefined],
      ["GET", 200, undefined],
      ["GET", 200, undefined],
    ]);
    const strict = { ...env, AWS_EC2_METADATA_V1_DISABLED: "true" };
    const err = await rejectionOf(openBackendStore(s3.backendUrl(), strict)!.list(".pulumi/"), BackendStoreError);
    expect(err.reason).toBe(`the instance metadata service (${v1.url}) refused a session token: HTTP 403`);
  } finally {
    await v1.close();
  }
});

test("with no source and no metadata service answering, the error says the credentials are missing", async () => {
  const nobody = `http://127.0.0.1:${await closedPort()}`;
  const env = { ...NO_AWS_SETTINGS, AWS_EC2_METADATA_DISABLED: "", AWS_EC2_METADATA_SERVICE_ENDPOINT: nobody };
  const err = await rejectionOf(openBackendStore(s3.backendUrl(), env)!.list(".pulumi/"), BackendStoreError);
  expect(err.reason).toMatch(
    /^no AWS credentials: none in the environment or the AWS profile, and the instance metadata service did not answer \(cannot get a session token from .*ECONNREFUSED/,
  );
});
