/**
 * An `s3://` backend URL is read as Pulumi 3.248 reads it (its diy backend's rewrite of the
 * AWS SDK v1 parameters, then gocloud.dev's S3 opener): the bucket, the root under the URL's
 * path, the parameters that decide where requests go; a parameter the CLI refuses, or one the
 * store does not follow, is an error naming it, and no URL's query reaches a message.
 */
import { expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { bucketEndpoint } from "../../../../src/stack/store/s3/s3-endpoint";
import { parseS3Url, s3Where } from "../../../../src/stack/store/s3/s3-url";
import { thrownBy } from "../../../support/thrown-error";

test("the host is the bucket and the path, with a trailing slash, is the backend's root", () => {
  expect(parseS3Url("s3://state")).toMatchObject({ bucket: "state", root: "" });
  expect(parseS3Url("s3://state/")).toMatchObject({ bucket: "state", root: "" });
  expect(parseS3Url("s3://state/team/app?region=eu-west-1")).toMatchObject({
    bucket: "state",
    root: "team/app/",
    region: "eu-west-1",
  });
});

test("v1-era disableSSL becomes disable_https and gives a scheme-less endpoint http", () => {
  expect(parseS3Url("s3://b?endpoint=minio:9000&disableSSL=true")).toMatchObject({
    endpoint: "http://minio:9000",
    disableHttps: true,
  });
  expect(parseS3Url("s3://b?endpoint=minio:9000").endpoint).toBe("https://minio:9000");
  expect(parseS3Url("s3://b?endpoint=http://127.0.0.1:9000&s3ForcePathStyle=true").pathStyle).toBe(true);
  expect(parseS3Url("s3://b?use_path_style=1").pathStyle).toBe(true);
});

test("an unknown, malformed or unfollowed parameter is an error naming it, without the query", () => {
  const unknown = thrownBy(() => parseS3Url("s3://b/dir?regoin=us-east-1&secret=hunter2"), BackendStoreError);
  expect(unknown.reason).toMatch(/unknown query parameter "(regoin|secret)"/);
  expect(unknown.where).toBe("s3://b/dir");
  expect(unknown.message).not.toContain("hunter2");
  expect(thrownBy(() => parseS3Url("s3://b?use_path_style=yes"), BackendStoreError).reason).toBe(
    'invalid value for "use_path_style": "yes" (true or false)',
  );
  expect(thrownBy(() => parseS3Url("s3://b?ssetype=des"), BackendStoreError).reason).toContain('"ssetype"');
  expect(thrownBy(() => parseS3Url("s3://b?role=arn:aws:iam::1:role/r"), BackendStoreError).reason).toContain(
    "role= (an IAM role assumed through STS) is not followed",
  );
  expect(s3Where("s3://AKID:secret@b/dir?endpoint=x")).toBe("s3://b/dir");
});

test("without an endpoint requests go to AWS's regional host, the bucket in the host name", () => {
  const at = (url: string, region?: string) => bucketEndpoint("w", parseS3Url(url), region);
  expect(at("s3://state/dir", "eu-west-1")).toEqual({
    origin: "https://state.s3.eu-west-1.amazonaws.com",
    host: "state.s3.eu-west-1.amazonaws.com",
    bucketPath: "",
    region: "eu-west-1",
  });
  expect(at("s3://state?use_path_style=true", "us-east-2").origin).toBe("https://s3.us-east-2.amazonaws.com");
  expect(at("s3://state?use_path_style=true", "us-east-2").bucketPath).toBe("/state");
  expect(at("s3://my.state", "us-east-1").bucketPath).toBe("/my.state"); // dots break the certificate
  expect(at("s3://state?fips=true&dualstack=true", "us-west-2").host).toBe(
    "state.s3-fips.dualstack.us-west-2.amazonaws.com",
  );
  expect(at("s3://state?accelerate=true", "us-west-2").host).toBe("state.s3-accelerate.amazonaws.com");
  expect(at("s3://state?disable_https=true", "cn-north-1").origin).toBe("http://state.s3.cn-north-1.amazonaws.com.cn");
  const noRegion = thrownBy(() => at("s3://state"), BackendStoreError);
  expect(noRegion.reason).toContain("no AWS region: set region= in the backend URL, AWS_REGION");
});

test("a custom endpoint keeps its scheme, port and path; path style or an immutable host keep the bucket in the path", () => {
  const at = (url: string, env?: string) => bucketEndpoint("w", parseS3Url(url), undefined, env);
  expect(at("s3://state?endpoint=http://127.0.0.1:9000&s3ForcePathStyle=true")).toEqual({
    origin: "http://127.0.0.1:9000",
    host: "127.0.0.1:9000",
    bucketPath: "/state",
    region: "us-east-1",
  });
  expect(at("s3://state?endpoint=https://objects.example:8443/s3&hostname_immutable=true").bucketPath).toBe(
    "/s3/state",
  );
  expect(at("s3://state?endpoint=https://objects.example").host).toBe("state.objects.example");
  expect(at("s3://state?use_path_style=true", "http://localhost:4566").origin).toBe("http://localhost:4566");
});
