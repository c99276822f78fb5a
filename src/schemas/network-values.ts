/**
 * What a usable `proxyUrl` and `caCertificates` value is: the settings' schema
 * (./provider-config.ts), the runtime's settings and the client's options all judge them
 * with these, and the client reads the certificates with {@link pemCertificates}.
 */
import { readFileSync } from "node:fs";
import { errorCode } from "../util/error-code";

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The PEM certificate blocks of `text`, in order; none when it holds no complete one. */
export function pemCertificates(text: string): string[] {
  return text.match(PEM_BLOCK) ?? [];
}

/**
 * What is wrong with a proxy URL, as the end of a sentence that starts with the setting's
 * name, or undefined when it is usable. Never repeats the value: it may hold a password.
 */
export function proxyUrlProblem(raw: string): string | undefined {
  const allowed =
    "; write it as http://host:port or https://host:port (with user:password@ before the host if the proxy asks for them)";
  if (!/^https?:\/\//i.test(raw.trim())) return `must start with http:// or https://${allowed}`;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return `is not a valid URL${allowed}`;
  }
  if (!url.hostname) return `has no host${allowed}`;
  if (url.pathname !== "/" || url.search || url.hash) return `must have no path, query or fragment${allowed}`;
  return undefined;
}

/**
 * What is wrong with a `caCertificates` value, as the end of a sentence that starts with the
 * setting's name, or undefined when it is usable.
 */
export function caCertificatesProblem(value: string): string | undefined {
  const allowed = "; give PEM text (-----BEGIN CERTIFICATE----- ...) or the path of a readable PEM file";
  if (value.includes("-----BEGIN")) {
    return pemCertificates(value).length ? undefined : `holds no complete PEM certificate${allowed}`;
  }
  let text: string;
  try {
    text = readFileSync(value.trim(), "utf8");
  } catch (err) {
    const code = errorCode(err);
    return `is neither PEM text nor a readable file: ${JSON.stringify(value.trim())} (${code ?? "unreadable"})${allowed}`;
  }
  return pemCertificates(text).length
    ? undefined
    : `names a file with no PEM certificate in it: ${JSON.stringify(value.trim())}${allowed}`;
}
