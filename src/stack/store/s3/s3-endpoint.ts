/**
 * Where the S3 requests of a bucket go, as the AWS SDK v2 resolves them: a custom endpoint
 * (`endpoint=`, else AWS_ENDPOINT_URL_S3/AWS_ENDPOINT_URL) or AWS's regional endpoint, the
 * bucket in the host (virtual-hosted style) unless path style is asked for, the hostname is
 * immutable, or the bucket's name cannot be a host name.
 */
import { BackendStoreError } from "../backend-store";
import type { S3Location } from "./s3-url";

export interface BucketEndpoint {
  /** `http(s)://host[:port]`. */
  origin: string;
  /** `host[:port]`, for the signature. */
  host: string;
  /** The bucket's path ("" or "/bucket", after any path of the endpoint); keys follow it after "/". */
  bucketPath: string;
  /** The region requests are signed for. */
  region: string;
}

/** Regions whose endpoints are under amazonaws.com.cn. */
const CHINA = /^cn-/;

/** @throws BackendStoreError when no region is known and no endpoint is given. */
export function bucketEndpoint(where: string, loc: S3Location, region?: string, envEndpoint?: string): BucketEndpoint {
  const custom = loc.endpoint ?? envEndpoint;
  let base: URL;
  if (custom) {
    base = new URL(custom);
    // An S3-compatible service ignores the region but the signature carries one.
    region ??= "us-east-1";
  } else {
    if (!region) {
      throw new BackendStoreError(
        where,
        "no AWS region: set region= in the backend URL, AWS_REGION, or region in the AWS profile",
      );
    }
    const suffix = CHINA.test(region) ? "amazonaws.com.cn" : "amazonaws.com";
    const dual = loc.dualstack ? ".dualstack" : "";
    const host = loc.accelerate
      ? `s3-accelerate${dual}.${suffix}`
      : `s3${loc.fips ? "-fips" : ""}${dual}.${region}.${suffix}`;
    base = new URL(`${loc.disableHttps ? "http" : "https"}://${host}`);
  }
  const endpointPath = base.pathname.replace(/\/+$/, "");
  // Dots break the certificate of a virtual host under https; names with other characters are no host.
  const hostable =
    /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(loc.bucket) ||
    (/^[a-z0-9.-]+$/.test(loc.bucket) && base.protocol === "http:");
  const pathStyle = !loc.accelerate && (loc.pathStyle || (custom !== undefined && loc.hostnameImmutable) || !hostable);
  const host = pathStyle ? base.host : `${loc.bucket}.${base.host}`;
  return {
    origin: `${base.protocol}//${host}`,
    host,
    bucketPath: pathStyle ? `${endpointPath}/${encodeURIComponent(loc.bucket)}` : endpointPath,
    region,
  };
}
