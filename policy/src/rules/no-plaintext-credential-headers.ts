/** Credential headers carry secrets, never plaintext values. */
import type { Rule } from "../rule";

export const noPlaintextCredentialHeaders: Rule<{ headers: string[] }> = {
  name: "uptime-no-plaintext-credential-headers",
  description:
    "The program gives the value of an `Authorization` or `Cookie` request header (or of `headers`) as a secret, not a plain string.",
  enforcement: "advisory",
  parameters: {
    headers: { type: "array", items: { type: "string" }, default: ["Authorization", "Cookie"] },
  },
  check(monitor, { headers }) {
    const watched = new Set(headers.map((h) => h.toLowerCase()));
    return monitor.requestHeaders.flatMap((header, i) =>
      watched.has(header.key.toLowerCase()) && !header.secret
        ? [
            {
              field: `requestHeaders[${i}].value`,
              problem: `the "${header.key}" header's value is plaintext; pass it as a secret (e.g. secret config)`,
            },
          ]
        : [],
    );
  },
};
