/**
 * Which request headers a program gives a plain-string value, as the `Monitor` class sees its
 * args: the names only, for PLAINTEXT_HEADERS_KEY (runtime/keys.ts). The dynamic provider host
 * receives no secret marks, so only the program can tell a header from secret config from one
 * written out. A list, an entry or a value that is a secret Output counts as secret.
 */
import * as pulumi from "@pulumi/pulumi";
import type { RequestHeaderArgs } from "./types.generated";

type Headers = pulumi.Input<pulumi.Input<RequestHeaderArgs>[]> | undefined;

/** The plaintext headers' names, as an input that is never secret (names are no secrets). */
export function plaintextHeaderOutputs(headers: Headers): pulumi.Output<string[]> {
  return pulumi.unsecret(pulumi.output(namesOf(headers)));
}

async function isSecret(v: unknown): Promise<boolean> {
  return pulumi.Output.isInstance(v) && (await pulumi.isSecret(v));
}

// The keys of the plaintext headers; keys that are Outputs resolve through `pulumi.output`.
async function namesOf(headers: Headers): Promise<pulumi.Input<string[]>> {
  const list = await headers;
  if (list === undefined || (await isSecret(list))) return [];
  // A list built as one Output is secret when any value in it is; this one is not.
  if (pulumi.Output.isInstance(list)) return pulumi.output(list).apply((all) => all.map((h) => h.key));
  const names: pulumi.Input<string>[] = [];
  for (const item of list) {
    if (await isSecret(item)) continue;
    if (pulumi.Output.isInstance(item)) names.push(pulumi.output(item).apply((h) => h.key));
    else {
      const header = await item;
      if (!(await isSecret(header.value))) names.push(header.key);
    }
  }
  return pulumi.all(names);
}
