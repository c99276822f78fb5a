/**
 * The two endpoints on a machine that hand out an AWS role's temporary keys, on loopback and
 * answering as AWS's do: a container credentials endpoint (ECS, EKS Pod Identity), which
 * gives them only to a GET with the Authorization token it expects, and the EC2 instance
 * metadata service, which gives a session token to a PUT with its TTL header (IMDSv2) and the
 * role's name and keys only to GETs that carry that session token (401 otherwise). Each
 * records the requests it got.
 */
import { randomBytes } from "node:crypto";
import type { AwsKeys } from "../../src/stack/store/s3/sigv4";
import { listenOnLoopback } from "./loopback-http";

export interface MetadataRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
}

export interface MetadataTestServer {
  url: string;
  requests: MetadataRequest[];
  close(): Promise<void>;
}

function keysJson(keys: Required<AwsKeys>, more: Record<string, string> = {}): string {
  return JSON.stringify({
    ...more,
    AccessKeyId: keys.accessKeyId,
    SecretAccessKey: keys.secretAccessKey,
    Token: keys.sessionToken,
    Expiration: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}/, ""),
  });
}

/** The container endpoint: `path` answers `issue` to a request whose Authorization is `authorization`. */
export async function startContainerCredentialsServer(options: {
  path: string;
  authorization?: string;
  issue: Required<AwsKeys>;
}): Promise<MetadataTestServer> {
  const requests: MetadataRequest[] = [];
  const http = await listenOnLoopback((req, res) => {
    const r = { method: req.method!, path: req.url!, headers: req.headers, status: 200 };
    requests.push(r);
    const send = (status: number, body: string) => {
      r.status = status;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body);
    };
    if (req.method !== "GET" || req.url !== options.path) {
      return send(404, JSON.stringify({ code: "NotFound", message: "no such credentials" }));
    }
    if (options.authorization !== undefined && req.headers.authorization !== options.authorization) {
      return send(401, JSON.stringify({ code: "AccessDenied", message: "the authorization token is not valid" }));
    }
    send(200, keysJson(options.issue, { RoleArn: "arn:aws:iam::123456789012:role/task" }));
  });
  return { url: http.url, requests, close: http.close };
}

/** IMDSv2 for an instance whose profile's role is `role`; `v1Only`: the PUT is refused (403) and GETs need no token. */
export async function startInstanceMetadataServer(options: {
  role: string;
  issue: Required<AwsKeys>;
  v1Only?: boolean;
}): Promise<MetadataTestServer> {
  const requests: MetadataRequest[] = [];
  const tokens = new Set<string>();
  const roles = "/latest/meta-data/iam/security-credentials/";
  const http = await listenOnLoopback((req, res) => {
    const r = { method: req.method!, path: req.url!, headers: req.headers, status: 200 };
    requests.push(r);
    const send = (status: number, body: string, type = "text/plain") => {
      r.status = status;
      res.writeHead(status, { "content-type": type });
      res.end(body);
    };
    if (req.url === "/latest/api/token") {
      if (req.method !== "PUT") return send(405, "");
      if (options.v1Only) return send(403, "");
      const ttl = Number(req.headers["x-aws-ec2-metadata-token-ttl-seconds"]);
      if (!(ttl >= 1 && ttl <= 21600)) return send(400, "");
      const token = randomBytes(24).toString("base64");
      tokens.add(token);
      return send(200, token);
    }
    if (req.method !== "GET") return send(405, "");
    if (!options.v1Only && !tokens.has(String(req.headers["x-aws-ec2-metadata-token"]))) return send(401, "");
    if (req.url === roles) return send(200, options.role);
    if (req.url === `${roles}${options.role}`) {
      return send(
        200,
        keysJson(options.issue, { Code: "Success", LastUpdated: new Date().toISOString(), Type: "AWS-HMAC" }),
      );
    }
    send(404, "");
  });
  return { url: http.url, requests, close: http.close };
}
