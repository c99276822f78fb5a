/**
 * Keys from AWS STS, asked as the AWS SDK asks (Query API, form-encoded POST, XML answer):
 * AssumeRoleWithWebIdentity, unsigned, with a token read from a file on each call; and
 * AssumeRole, signed with Signature Version 4 by the keys of the source it is given. STS is
 * reached where the CLI's SDK reaches it: at the backend URL's `endpoint=` when it has one
 * (gocloud.dev gives that endpoint to every AWS service the SDK calls, STS included), else
 * AWS_ENDPOINT_URL_STS, else AWS_ENDPOINT_URL, else its regional endpoint.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { BackendStoreError } from "../backend-store";
import type { FetchedKeys, KeySource } from "./aws-keys";
import { expiry, tokenRequest } from "./aws-token-request";
import { element } from "./s3-xml";
import { awsEncode, signV4 } from "./sigv4";

const TIMEOUT_MS = 30_000;
const FORM = "application/x-www-form-urlencoded; charset=utf-8";

/** Where STS is asked from, and for messages. */
export interface StsSettings {
  where: string;
  region?: string;
  /** The backend URL's `endpoint=`. */
  urlEndpoint?: string;
  env: NodeJS.ProcessEnv;
}

interface StsEndpoint {
  url: string;
  /** The region requests are signed for. */
  region: string;
}

/** @throws BackendStoreError when neither a region nor an endpoint is known. */
function stsEndpoint(sts: StsSettings): StsEndpoint {
  const custom = sts.urlEndpoint || sts.env.AWS_ENDPOINT_URL_STS || sts.env.AWS_ENDPOINT_URL;
  if (custom) return { url: custom, region: sts.region ?? "us-east-1" };
  if (!sts.region) {
    throw new BackendStoreError(
      sts.where,
      "no AWS region to ask STS for the role's keys in: set region= in the backend URL, AWS_REGION, " +
        "or region in the AWS profile",
    );
  }
  if (sts.region === "aws-global") return { url: "https://sts.amazonaws.com", region: "us-east-1" };
  const suffix = sts.region.startsWith("cn-") ? "amazonaws.com.cn" : "amazonaws.com";
  return { url: `https://sts.${sts.region}.${suffix}`, region: sts.region };
}

/** AssumeRoleWithWebIdentity with the token in `tokenFile`, read again on each call. */
export function webIdentityRole(
  sts: StsSettings,
  tokenFile: string,
  roleArn: string,
  sessionName: string | undefined,
): KeySource {
  const endpoint = stsEndpoint(sts);
  return async () => {
    let token: string;
    try {
      token = readFileSync(tokenFile, "utf8");
    } catch (err) {
      throw new BackendStoreError(
        sts.where,
        `cannot read the web identity token file ${tokenFile} (${(err as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
    const form = [
      ["Action", "AssumeRoleWithWebIdentity"],
      ["Version", "2011-06-15"],
      ["RoleArn", roleArn],
      // The SDK's default: the time in nanoseconds.
      ["RoleSessionName", sessionName || `${Date.now()}000000`],
      ["WebIdentityToken", token],
    ];
    return ask(sts, endpoint, "AssumeRoleWithWebIdentity", roleArn, encode(form), { "content-type": FORM }, [token]);
  };
}

interface AssumeRoleOptions {
  sessionName?: string;
  /** role_duration_seconds; the SDK sends 900 unless this is longer. */
  durationSeconds?: number;
  externalId?: string;
}

/** AssumeRole, signed by the keys of `source`. */
export function assumedRole(sts: StsSettings, source: KeySource, roleArn: string, opts: AssumeRoleOptions): KeySource {
  const endpoint = stsEndpoint(sts);
  const host = new URL(endpoint.url).host;
  return async () => {
    const keys = await source();
    const form = [
      ["Action", "AssumeRole"],
      ["Version", "2011-06-15"],
      ["RoleArn", roleArn],
      ["RoleSessionName", opts.sessionName || `aws-go-sdk-${Date.now()}000000`],
      ["DurationSeconds", String(opts.durationSeconds && opts.durationSeconds > 900 ? opts.durationSeconds : 900)],
    ];
    if (opts.externalId) form.push(["ExternalId", opts.externalId]);
    const body = encode(form);
    const headers = signV4({
      method: "POST",
      host,
      path: new URL(endpoint.url).pathname || "/",
      query: "",
      headers: { "content-type": FORM },
      payloadHash: createHash("sha256").update(body).digest("hex"),
      region: endpoint.region,
      service: "sts",
      keys,
      now: new Date(),
    });
    const secrets = [keys.accessKeyId, keys.secretAccessKey, keys.sessionToken ?? ""];
    return ask(sts, endpoint, "AssumeRole", roleArn, body, headers, secrets);
  };
}

function encode(form: string[][]): string {
  return form.map(([k, v]) => `${awsEncode(k)}=${awsEncode(v)}`).join("&");
}

/** One STS call and its keys; a refusal names STS's code and message, with `secrets` taken out. */
async function ask(
  sts: StsSettings,
  endpoint: StsEndpoint,
  action: string,
  roleArn: string,
  body: string,
  headers: Record<string, string>,
  secrets: string[],
): Promise<FetchedKeys> {
  // The origin only: an endpoint's user or path is not for messages.
  const what = `ask STS (${new URL(endpoint.url).origin}) for the keys of role ${roleArn} (${action})`;
  const answer = await tokenRequest({
    where: sts.where,
    what,
    url: endpoint.url,
    method: "POST",
    headers,
    body,
    timeoutMs: TIMEOUT_MS,
    env: sts.env,
  });
  const xml = answer.body.toString("utf8");
  if (answer.status !== 200) {
    let said = [element(xml, "Code"), element(xml, "Message")].filter(Boolean).join(": ");
    for (const s of secrets) if (s) said = said.split(s).join("***");
    throw new BackendStoreError(sts.where, `cannot ${what}: HTTP ${answer.status}${said ? ` ${said}` : ""}`);
  }
  const credentials = element(xml, "Credentials") ?? "";
  const accessKeyId = element(credentials, "AccessKeyId");
  const secretAccessKey = element(credentials, "SecretAccessKey");
  if (!accessKeyId || !secretAccessKey) {
    throw new BackendStoreError(sts.where, `cannot ${what}: the answer carries no Credentials`);
  }
  return {
    accessKeyId,
    secretAccessKey,
    sessionToken: element(credentials, "SessionToken"),
    expires: expiry(sts.where, `STS (${action})`, element(credentials, "Expiration")),
  };
}
