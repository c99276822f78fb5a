/**
 * Keys from a container's credentials endpoint, as the AWS SDK reads them (ECS, EKS Pod
 * Identity): AWS_CONTAINER_CREDENTIALS_FULL_URI, else AWS_CONTAINER_CREDENTIALS_RELATIVE_URI
 * under http://169.254.170.2; the Authorization header from the file
 * AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE (read on each call), else
 * AWS_CONTAINER_AUTHORIZATION_TOKEN. A FULL_URI over plain http must name a loopback host or
 * the ECS or EKS agent's address, as the SDK requires: anything else could read the token.
 */
import { lookup } from "node:dns/promises";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { BackendStoreError } from "../backend-store";
import type { KeySource } from "./aws-keys";
import { keysFromJson, tokenRequest } from "./aws-token-request";

const ECS_AGENT = "http://169.254.170.2";
const AGENTS = new Set(["169.254.170.2", "169.254.170.23", "fd00:ec2::23"]);
const TIMEOUT_MS = 5_000;

/** A container endpoint: its URL, and whether it came from FULL_URI (whose host is checked). */
interface ContainerEndpoint {
  url: string;
  full: boolean;
}

/** The endpoint the environment names, or undefined when it names none. @throws BackendStoreError for a URL that is not one. */
export function containerEndpoint(where: string, env: NodeJS.ProcessEnv): ContainerEndpoint | undefined {
  if (env.AWS_CONTAINER_CREDENTIALS_FULL_URI) {
    try {
      const url = new URL(env.AWS_CONTAINER_CREDENTIALS_FULL_URI);
      if (!url.hostname) throw new Error("no host");
    } catch {
      throw new BackendStoreError(where, "AWS_CONTAINER_CREDENTIALS_FULL_URI is not a URL with a host");
    }
    return { url: env.AWS_CONTAINER_CREDENTIALS_FULL_URI, full: true };
  }
  if (env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI) return relativeEndpoint(env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI);
  return undefined;
}

/** AWS_CONTAINER_CREDENTIALS_RELATIVE_URI, which is always on the ECS agent. */
export function relativeEndpoint(path: string): ContainerEndpoint {
  return { url: `${ECS_AGENT}${path}`, full: false };
}

/** Keys from the endpoint (from containerEndpoint or relativeEndpoint). */
export function containerCredentials(where: string, endpoint: ContainerEndpoint, env: NodeJS.ProcessEnv): KeySource {
  const { url, full } = endpoint;
  const from = `the container credentials endpoint (${full ? "AWS_CONTAINER_CREDENTIALS_FULL_URI" : "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"})`;
  return async () => {
    if (full) await checkHost(where, new URL(url));
    const headers: Record<string, string> = { accept: "application/json" };
    const token = authorization(where, env);
    if (token) headers.authorization = token;
    const answer = await tokenRequest({
      where,
      what: `get keys from ${from}`,
      url,
      method: "GET",
      headers,
      timeoutMs: TIMEOUT_MS,
      env,
    });
    const text = answer.body.toString("utf8");
    if (answer.status < 200 || answer.status > 299) {
      let code = "";
      try {
        code = String((JSON.parse(text) as { code?: unknown }).code ?? "");
      } catch {
        // No JSON error: the status says enough.
      }
      throw new BackendStoreError(where, `${from} refused: HTTP ${answer.status}${code ? ` ${code}` : ""}`);
    }
    return keysFromJson(where, from, text);
  };
}

function authorization(where: string, env: NodeJS.ProcessEnv): string | undefined {
  let token = env.AWS_CONTAINER_AUTHORIZATION_TOKEN || undefined;
  const file = env.AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE;
  if (file) {
    try {
      token = readFileSync(file, "utf8");
    } catch (err) {
      throw new BackendStoreError(
        where,
        `cannot read AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE ${file} (${(err as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
  }
  if (token && /[\r\n]/.test(token)) {
    throw new BackendStoreError(where, "the container authorization token holds a line break (a header cannot)");
  }
  return token;
}

/** Over http, every address of the host must be loopback or a container agent's. */
async function checkHost(where: string, url: URL): Promise<void> {
  if (url.protocol !== "http:") return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch (err) {
    throw new BackendStoreError(
      where,
      `cannot resolve the host "${host}" of AWS_CONTAINER_CREDENTIALS_FULL_URI (${(err as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
  const allowed = (a: string) =>
    AGENTS.has(a.toLowerCase()) || a === "::1" || /^127\./.test(a) || a === "::ffff:127.0.0.1";
  if (!addresses.every(allowed)) {
    throw new BackendStoreError(
      where,
      `AWS_CONTAINER_CREDENTIALS_FULL_URI names host "${host}": over http only loopback and the ECS/EKS agent ` +
        "(169.254.170.2, 169.254.170.23, fd00:ec2::23) are allowed, as the AWS SDK requires; use https for another host",
    );
  }
}
