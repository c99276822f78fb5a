/**
 * The dynamic `Monitor` names, in the program, the headers whose value is a plain string (the
 * dynamic provider host receives no secret marks, so only the program can tell): a list, an
 * entry or a value that is a secret Output is left out, and the record itself is not secret.
 */
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { plaintextHeaderOutputs } from "../../src/dynamic/plaintext-header-outputs";

type Headers = Parameters<typeof plaintextHeaderOutputs>[0];

async function recorded(headers: Headers): Promise<{ names: string[]; secret: boolean }> {
  const out = plaintextHeaderOutputs(headers);
  const names = await new Promise<string[]>((resolve) => out.apply(resolve));
  return { names, secret: await pulumi.isSecret(out) };
}

describe("the dynamic Monitor's record of plaintext headers", () => {
  it("names plain values, strings or plain Outputs, and leaves secret ones out", async () => {
    expect(
      await recorded([
        { key: "Authorization", value: "Bearer tok" },
        { key: "Cookie", value: pulumi.secret("a=b") },
        { key: "X-Trace", value: pulumi.output("on") },
        pulumi.secret({ key: "X-Api-Key", value: "k" }),
        pulumi.output({ key: "X-Plain", value: "p" }),
      ]),
    ).toEqual({ names: ["Authorization", "X-Trace", "X-Plain"], secret: false });
  });

  it("names none for a secret list, and every one for a plain Output list", async () => {
    const list = [{ key: "Authorization", value: "Bearer tok" }];
    expect(await recorded(pulumi.secret(list))).toEqual({ names: [], secret: false });
    expect(await recorded(pulumi.output(list))).toEqual({ names: ["Authorization"], secret: false });
    expect(await recorded(undefined)).toEqual({ names: [], secret: false });
  });
});
