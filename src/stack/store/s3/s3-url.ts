/**
 * An `s3://bucket[/path]?...` backend URL read as Pulumi 3.248 reads it: the diy backend first
 * renames the AWS SDK v1 era `disableSSL` to `disable_https` and gives a scheme-less
 * `endpoint` one; gocloud.dev's S3 opener (v0.46, AWS SDK v2) then takes the parameters
 * below and refuses any other. The URL's path is the backend's root inside the bucket.
 */
import { BackendStoreError } from "../backend-store";

export interface S3Location {
  bucket: string;
  /** The backend's root inside the bucket: "" or a prefix ending in "/". */
  root: string;
  region?: string;
  /** The shared config profile the URL names (it then wins over credentials in the environment). */
  profile?: string;
  anonymous: boolean;
  /** The service's URL, with scheme (`endpoint=`). */
  endpoint?: string;
  pathStyle: boolean;
  disableHttps: boolean;
  hostnameImmutable: boolean;
  dualstack: boolean;
  fips: boolean;
  accelerate: boolean;
}

/** Parameters that change only how the CLI writes (encryption, checksums) or paces requests: checked, then not needed to read. */
const WRITE_ONLY = new Set([
  "kmskeyid",
  "awssdk",
  "rate_limiter_capacity",
  "request_checksum_calculation",
  "response_checksum_validation",
]);

/** The URL without credentials or query, for messages. */
export function s3Where(url: string): string {
  return url.split(/[?#]/)[0].replace(/^(s3:\/\/)[^/@]*@/i, "$1");
}

/** @throws BackendStoreError naming the parameter the CLI would refuse, or one this store does not follow. */
export function parseS3Url(url: string): S3Location {
  const where = s3Where(url);
  const fail = (reason: string): never => {
    throw new BackendStoreError(where, reason);
  };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail("not a URL of the form s3://bucket[/path][?region=...&endpoint=...]");
  }
  const bucket = decodeURIComponent(parsed.hostname);
  if (!bucket) fail("the URL names no bucket (s3://bucket[/path])");
  const path = decodeURIComponent(parsed.pathname).replace(/^\/+/, "");
  const q = new Map<string, string>();
  for (const [k, v] of parsed.searchParams) if (!q.has(k)) q.set(k, v);

  // What Pulumi's diy backend rewrites before gocloud sees the URL.
  const legacySsl = q.get("disableSSL");
  if (legacySsl !== undefined) {
    q.delete("disableSSL");
    q.set("disable_https", String(bool("disableSSL", legacySsl, fail)));
  }
  const endpoint = q.get("endpoint");
  if (endpoint && !endpoint.includes("://")) {
    q.set("endpoint", `${q.get("disable_https") === "true" ? "http" : "https"}://${endpoint}`);
  }

  const flag = (name: string) => {
    const v = q.get(name);
    return v === undefined || v === "" ? false : bool(name, v, fail);
  };
  const location: S3Location = {
    bucket,
    root: path && !path.endsWith("/") ? `${path}/` : path,
    region: q.get("region") || undefined,
    profile: q.get("profile") || undefined,
    anonymous: flag("anonymous"),
    endpoint: q.get("endpoint") || undefined,
    pathStyle: flag("use_path_style") || flag("s3ForcePathStyle"),
    disableHttps: flag("disable_https"),
    hostnameImmutable: flag("hostname_immutable"),
    dualstack: flag("dualstack"),
    fips: flag("fips"),
    accelerate: flag("accelerate"),
  };
  const sse = q.get("ssetype");
  if (sse && !["aes256", "aws:kms", "aws:kms:dsse"].includes(sse.toLowerCase())) {
    fail(`"${sse}" is not a valid value for "ssetype" (AES256, aws:kms or aws:kms:dsse)`);
  }
  if (q.has("role")) {
    fail(
      "role= (an IAM role assumed through STS) is not followed by the audit's reading of the bucket; " +
        "give the role's keys in AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN instead",
    );
  }
  if (location.endpoint) {
    try {
      new URL(location.endpoint);
    } catch {
      fail(`endpoint= is not a URL`);
    }
  }
  const known = new Set([
    "region",
    "profile",
    "anonymous",
    "endpoint",
    "use_path_style",
    "s3ForcePathStyle",
    "disable_https",
    "hostname_immutable",
    "dualstack",
    "fips",
    "accelerate",
    "ssetype",
    ...WRITE_ONLY,
  ]);
  for (const name of q.keys()) {
    if (!known.has(name)) {
      fail(
        `unknown query parameter "${name}" (the CLI refuses it too); known: ` +
          "region, endpoint, profile, anonymous, use_path_style (s3ForcePathStyle), disable_https (disableSSL), " +
          "hostname_immutable, dualstack, fips, accelerate, ssetype, kmskeyid, awssdk, rate_limiter_capacity, " +
          "request_checksum_calculation, response_checksum_validation",
      );
    }
  }
  return location;
}

/** A boolean as Go's strconv.ParseBool reads it. */
function bool(name: string, value: string, fail: (reason: string) => never): boolean {
  if (["1", "t", "T", "true", "TRUE", "True"].includes(value)) return true;
  if (["0", "f", "F", "false", "FALSE", "False"].includes(value)) return false;
  return fail(`invalid value for "${name}": "${value}" (true or false)`);
}
