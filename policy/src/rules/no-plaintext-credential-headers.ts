/** Credential headers carry secrets, never plaintext values: a monitor's own and a provider's `defaults`. */
import type { HeaderView } from "../monitor-view";
import type { Rule, Violation } from "../rule";

/** The watched headers among `list` whose value was given in plaintext, at `field[i].value`. */
function plaintextCredentials(list: HeaderView[], names: string[], field: string, hint: string): Violation[] {
  const watched = new Set(names.map((h) => h.toLowerCase()));
  return list.flatMap((header, i) =>
    watched.has(header.key.toLowerCase()) && !header.secret
      ? [
          {
            field: `${field}[${i}].value`,
            problem: `the "${header.key}" header's value is plaintext; pass it as a secret (${hint})`,
          },
        ]
      : [],
  );
}

export const noPlaintextCredentialHeaders: Rule<{ headers: string[] }> = {
  name: "uptime-no-plaintext-credential-headers",
  description:
    "The program (or stack config, for the provider's `defaults`) gives the value of an `Authorization` or `Cookie` request header (or of `headers`) as a secret, not a plain string.",
  enforcement: "advisory",
  parameters: {
    headers: { type: "array", items: { type: "string" }, default: ["Authorization", "Cookie"] },
  },
  check(monitor, { headers }) {
    return plaintextCredentials(monitor.requestHeaders, headers, "requestHeaders", "e.g. secret config");
  },
  checkProvider(provider, { headers }) {
    // The default provider is made from the stack's `uptime:defaults`: say how to set it secret.
    const hint = /^default(_|$)/.test(provider.resource)
      ? "pulumi config set --secret --path 'uptime:defaults.requestHeaders[N].value'"
      : "e.g. secret config";
    return plaintextCredentials(provider.defaultHeaders, headers, "defaults.requestHeaders", hint);
  },
};
