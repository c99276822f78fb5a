/**
 * A `gs://bucket[/path][?query]` backend URL read as Pulumi 3.248 reads it: the host is the
 * bucket, the path (without its leading `/`) prefixes every key (the diy backend's prefixed
 * bucket), and the query takes only what gocloud.dev v0.46's gcsblob opener takes; the CLI
 * refuses any other parameter, and so does this.
 */

/** What the URL says about reaching the bucket. */
export interface GcsLocation {
  /** The backend, for messages: `gs://bucket/path`, no query. */
  where: string;
  bucket: string;
  /** Prepended to every key: the URL's path with a trailing `/`, or "". */
  prefix: string;
  /** `anonymous=true` or `access_id=-`: requests go without credentials. */
  anonymous: boolean;
}

/*
 * access_id, private_key_path and universe_domain are taken and do not change how the CLI
 * reaches the bucket: the first two only sign URLs (which the CLI never makes), and the CLI's
 * opener (not gocloud's default one) takes universe_domain without using it.
 */
const KNOWN_PARAMS = ["anonymous", "access_id", "private_key_path", "universe_domain"];

/** Parsed, or the reason the URL cannot be read (a string, for a BackendStoreError). */
export function parseGcsUrl(url: string): GcsLocation | { where: string; problem: string } {
  const m = /^gs:\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?/i.exec(url);
  const bucket = m?.[1] ?? "";
  const rawPath = (m?.[2] ?? "").replace(/^\/+/, "");
  const where = `gs://${bucket}${rawPath ? `/${rawPath}` : ""}`;
  if (!bucket) return { where, problem: "the URL names no bucket: use gs://<bucket>[/<path>]" };
  // The CLI prefixes keys with the decoded path (`%20` is a space in the object names).
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { where, problem: "the URL's path has a malformed %-escape" };
  }
  const query = new URLSearchParams(m?.[3] ?? "");
  let anonymous = false;
  for (const [name, value] of query) {
    if (!KNOWN_PARAMS.includes(name)) {
      return {
        where,
        problem: `query parameter "${name}" is not one the CLI takes for gs:// (allowed: ${KNOWN_PARAMS.join(", ")})`,
      };
    }
    if (name === "anonymous" && value !== "") {
      const flag = parseGoBool(value);
      if (flag === undefined) {
        return { where, problem: `query parameter "anonymous" must be true or false (1, t, TRUE, 0, f, FALSE...)` };
      }
      anonymous ||= flag;
    }
    if (name === "access_id" && value === "-") anonymous = true;
  }
  return { where, bucket, prefix: path && !path.endsWith("/") ? `${path}/` : path, anonymous };
}

/** Go's strconv.ParseBool, which the opener reads `anonymous` with. */
function parseGoBool(value: string): boolean | undefined {
  if (["1", "t", "T", "TRUE", "true", "True"].includes(value)) return true;
  if (["0", "f", "F", "FALSE", "false", "False"].includes(value)) return false;
  return undefined;
}
