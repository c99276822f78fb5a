/**
 * An S3 (or S3-compatible) backend's objects, read with ListObjectsV2 and GetObject signed
 * with Signature Version 4, the bucket, endpoint, region and credentials taken from the
 * backend URL and the environment as the CLI takes them. Every key is under the URL's path.
 */
import { awsAccess, type AwsAccess } from "./aws-credentials";
import { BackendStoreError, type BackendStore } from "../backend-store";
import { bucketEndpoint } from "./s3-endpoint";
import { routeTo, signedGet, type Answer, type S3Target } from "./s3-request";
import { parseS3Url, s3Where, type S3Location } from "./s3-url";
import { listPage, s3Error } from "./s3-xml";
import { awsEncode, type AwsKeys } from "./sigv4";

interface Bucket extends S3Target {
  loc: S3Location;
  access: AwsAccess;
  /** The keys last signed with, to take out of a refusal's message should the service echo them. */
  used?: AwsKeys;
}

/** The store of an `s3://` backend URL, or undefined for another backend. Settings are checked on first use. */
export function s3Store(url: string, env: NodeJS.ProcessEnv): BackendStore | undefined {
  if (!/^s3:\/\//i.test(url)) return undefined;
  const where = s3Where(url);
  let bucket: Bucket | undefined;
  const open = (): Bucket => {
    if (bucket) return bucket;
    const loc = parseS3Url(url);
    const access = awsAccess(env, {
      where,
      profile: loc.profile,
      region: loc.region,
      endpoint: loc.endpoint,
      anonymous: loc.anonymous,
    });
    const endpoint = bucketEndpoint(where, loc, access.region, access.endpoint);
    const b: Bucket = { loc, access, endpoint, route: routeTo(where, endpoint.origin, env) };
    const source = access.keys;
    if (source) b.keys = async () => (b.used = await source());
    bucket = b;
    return b;
  };
  return {
    where,
    async list(prefix) {
      const b = open();
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const query: [string, string][] = [
          ["list-type", "2"],
          ["prefix", b.loc.root + prefix],
        ];
        if (token !== undefined) query.push(["continuation-token", token]);
        const answer = await signedGet(where, b, b.endpoint.bucketPath || "/", query, `list ${prefix}`);
        if (answer.status !== 200) throw refused(where, b, answer, `listing ${b.loc.root + prefix}`);
        const page = listPage(answer.body.toString("utf8"));
        keys.push(...page.keys.filter((k) => k.startsWith(b.loc.root)).map((k) => k.slice(b.loc.root.length)));
        if (page.truncated && !page.next) {
          throw new BackendStoreError(where, "the service cut the object list short without a continuation token");
        }
        token = page.truncated ? page.next : undefined;
      } while (token !== undefined);
      return keys;
    },
    async read(key) {
      const b = open();
      const path = `${b.endpoint.bucketPath}/${awsEncode(b.loc.root + key, true)}`;
      const answer = await signedGet(where, b, path, [], `read ${key}`);
      if (answer.status === 200) return answer.body;
      if (answer.status === 404 && s3Error(answer.body.toString("utf8")).code !== "NoSuchBucket") return undefined;
      throw refused(where, b, answer, `reading ${b.loc.root + key}`);
    },
  };
}

/** The service said no: its status and error code, and what to do about it. No credential is named. */
function refused(where: string, b: Bucket, answer: Answer, doing: string): BackendStoreError {
  const err = s3Error(answer.body.toString("utf8"));
  const said = [`HTTP ${answer.status}`, err.code, err.message && `(${redact(err.message, b)})`]
    .filter(Boolean)
    .join(" ");
  const bucketRegion = err.region ?? headerText(answer.headers["x-amz-bucket-region"]);
  let act: string;
  if (bucketRegion && bucketRegion !== b.endpoint.region) {
    act = `the bucket is in region ${bucketRegion}: set region=${bucketRegion} in the backend URL or AWS_REGION`;
  } else if (answer.status === 403 || answer.status === 401) {
    act =
      "check the AWS credentials the CLI runs with (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN, " +
      `AWS_PROFILE or profile=) and that they may list and read bucket ${b.loc.bucket}`;
  } else if (err.code === "NoSuchBucket") {
    act = `check the bucket name and the endpoint (${b.endpoint.origin})`;
  } else {
    act = `the service at ${b.endpoint.origin} could not answer; try again, or check the endpoint`;
  }
  return new BackendStoreError(where, `${doing} in bucket ${b.loc.bucket} was refused: ${said}; ${act}`);
}

/** A message with the key ID and token taken out, should a service echo them. */
function redact(message: string, b: Bucket): string {
  let text = message;
  const k = b.used;
  for (const secret of [k?.accessKeyId, k?.secretAccessKey, k?.sessionToken]) {
    if (secret) text = text.split(secret).join("***");
  }
  return text;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
