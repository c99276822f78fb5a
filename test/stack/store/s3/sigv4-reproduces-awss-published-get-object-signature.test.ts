/**
 * The signer against AWS's published Signature Version 4 example for S3 ("Examples of signature
 * calculations", GET Object: the first 10 bytes of examplebucket/test.txt): the same inputs
 * give the same Authorization header, byte for byte.
 */
import { expect, test } from "vitest";
import { awsEncode, canonicalQuery, EMPTY_SHA256, signV4, type AwsKeys } from "../../../../src/stack/store/s3/sigv4";

const EXAMPLE_KEYS = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};

/** The example's request: GET examplebucket/test.txt on 24 May 2013, us-east-1. */
function signExample(headers: Record<string, string>, keys: AwsKeys = EXAMPLE_KEYS) {
  return signV4({
    method: "GET",
    host: "examplebucket.s3.amazonaws.com",
    path: "/test.txt",
    query: "",
    headers,
    payloadHash: EMPTY_SHA256,
    region: "us-east-1",
    service: "s3",
    keys,
    now: new Date("2013-05-24T00:00:00Z"),
  });
}

test("GET Object with a Range header signs to AWS's published signature", () => {
  const headers = signExample({ Range: "bytes=0-9" });
  expect(headers.authorization).toBe(
    "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
      "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
      "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
  );
  expect(headers["x-amz-date"]).toBe("20130524T000000Z");
  expect(headers["x-amz-content-sha256"]).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  expect(headers.host).toBeUndefined();
});

test("a session token is sent and signed", () => {
  const headers = signExample({}, { accessKeyId: "AKID", secretAccessKey: "secret", sessionToken: "token/+=" });
  expect(headers["x-amz-security-token"]).toBe("token/+=");
  expect(headers.authorization).toContain("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,");
});

test("paths and queries are encoded as AWS signs them: all but unreserved characters, sorted by name", () => {
  expect(awsEncode(".pulumi/stacks/a b/c(1)*!'~.json", true)).toBe(".pulumi/stacks/a%20b/c%281%29%2A%21%27~.json");
  expect(awsEncode("a/b")).toBe("a%2Fb");
  expect(
    canonicalQuery([
      ["prefix", "root dir/.pulumi/"],
      ["list-type", "2"],
      ["continuation-token", "abc+/="],
    ]),
  ).toBe("continuation-token=abc%2B%2F%3D&list-type=2&prefix=root%20dir%2F.pulumi%2F");
});
