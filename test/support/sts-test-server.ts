/**
 * AWS STS on loopback, answering AssumeRoleWithWebIdentity and AssumeRole as STS does (Query
 * API: a form-encoded POST, an XML answer, `ErrorResponse` on refusal). It hands out the one
 * set of temporary keys it is given, and only to a request that proves what STS would check:
 * the web identity token it expects (unsigned), or a Signature Version 4 that verifies with the
 * source keys it expects (with their session token). Every request is recorded.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { signV4, type AwsKeys } from "../../src/stack/store/s3/sigv4";
import { bodyOf, listenOnLoopback } from "./loopback-http";

export interface StsCall {
  action: string;
  form: Record<string, string>;
  /** Whether the request carried an Authorization header. */
  signed: boolean;
  /** The access key ID it was signed with. */
  keyId?: string;
  /** Whether STS gave keys. */
  granted: boolean;
}

export interface StsTestServer {
  /** The endpoint, for AWS_ENDPOINT_URL_STS. */
  url: string;
  calls: StsCall[];
  close(): Promise<void>;
}

interface Expected {
  /** The role both actions must name. */
  roleArn: string;
  /** The token AssumeRoleWithWebIdentity must carry. */
  webIdentityToken?: string;
  /** The keys AssumeRole must be signed with. */
  sourceKeys?: AwsKeys;
  /** What STS hands out. */
  issue: Required<AwsKeys>;
  /** Their expiry; an hour from now unless given. */
  expiration?: Date;
}

export async function startStsTestServer(expected: Expected): Promise<StsTestServer> {
  const calls: StsCall[] = [];
  const http = await listenOnLoopback((req, res) => {
    void bodyOf(req).then((body) => answer(req, res, body, expected, calls));
  });
  return { url: http.url, calls, close: http.close };
}

function answer(req: IncomingMessage, res: ServerResponse, body: string, want: Expected, calls: StsCall[]): void {
  const form = Object.fromEntries(new URLSearchParams(body));
  const keyId = /Credential=([^/]+)\//.exec(String(req.headers.authorization ?? ""))?.[1];
  const call: StsCall = { action: form.Action ?? "", form, signed: !!req.headers.authorization, keyId, granted: false };
  calls.push(call);
  const refuse = (status: number, code: string, message: string) => {
    res.writeHead(status, { "content-type": "text/xml" });
    res.end(
      `<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type>` +
        `<Code>${code}</Code><Message>${message}</Message></Error><RequestId>r-1</RequestId></ErrorResponse>`,
    );
  };
  if (req.method !== "POST" || !String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
    return refuse(400, "InvalidAction", "STS takes form-encoded POSTs");
  }
  if (form.Version !== "2011-06-15") return refuse(400, "InvalidParameterValue", "Version must be 2011-06-15");
  if (form.RoleArn !== want.roleArn) return refuse(403, "AccessDenied", `Not authorized to assume ${form.RoleArn}`);
  if (!form.RoleSessionName) return refuse(400, "ValidationError", "RoleSessionName is required");
  if (form.Action === "AssumeRoleWithWebIdentity") {
    if (call.signed) return refuse(400, "InvalidAction", "AssumeRoleWithWebIdentity is not signed");
    if (!want.webIdentityToken || form.WebIdentityToken !== want.webIdentityToken) {
      return refuse(400, "InvalidIdentityToken", "Couldn't retrieve verification key from your identity provider");
    }
  } else if (form.Action === "AssumeRole") {
    if (!want.sourceKeys || !signatureVerifies(req, body, want.sourceKeys)) {
      return refuse(403, "SignatureDoesNotMatch", "The request signature we calculated does not match");
    }
  } else {
    return refuse(400, "InvalidAction", `Could not find operation ${form.Action}`);
  }
  call.granted = true;
  const expiration = (want.expiration ?? new Date(Date.now() + 3_600_000)).toISOString().replace(/\.\d{3}/, "");
  const k = want.issue;
  res.writeHead(200, { "content-type": "text/xml" });
  res.end(
    `<${form.Action}Response xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><${form.Action}Result>` +
      `<Credentials><AccessKeyId>${k.accessKeyId}</AccessKeyId><SecretAccessKey>${k.secretAccessKey}</SecretAccessKey>` +
      `<SessionToken>${k.sessionToken}</SessionToken><Expiration>${expiration}</Expiration></Credentials>` +
      `<AssumedRoleUser><Arn>${want.roleArn}/${form.RoleSessionName}</Arn><AssumedRoleId>AROA1:x</AssumedRoleId>` +
      `</AssumedRoleUser></${form.Action}Result><ResponseMetadata><RequestId>r-2</RequestId></ResponseMetadata>` +
      `</${form.Action}Response>`,
  );
}

/** The signature of `req` computed again from the headers it signed and the source keys. */
function signatureVerifies(req: IncomingMessage, body: string, keys: AwsKeys): boolean {
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/sts\/aws4_request,SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ""),
    );
  if (!m || m[1] !== keys.accessKeyId) return false;
  if ((req.headers["x-amz-security-token"] ?? undefined) !== keys.sessionToken) return false;
  const payloadHash = createHash("sha256").update(body).digest("hex");
  if (req.headers["x-amz-content-sha256"] && req.headers["x-amz-content-sha256"] !== payloadHash) return false;
  const signed = m[4].split(";");
  if (!signed.includes("host") || !signed.includes("x-amz-date")) return false;
  const date = String(req.headers["x-amz-date"]);
  const now = new Date(
    `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
  );
  const headers: Record<string, string> = {};
  for (const name of signed) {
    if (!["host", "x-amz-date", "x-amz-content-sha256", "x-amz-security-token"].includes(name)) {
      headers[name] = String(req.headers[name]);
    }
  }
  const again = signV4({
    method: req.method!,
    host: String(req.headers.host),
    path: new URL(req.url!, "http://x").pathname,
    query: "",
    headers,
    payloadHash,
    region: m[3],
    service: "sts",
    keys,
    now,
  });
  return again.authorization === req.headers.authorization;
}
