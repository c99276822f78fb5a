/**
 * A profile's credential_process is run as the CLI's AWS SDK runs it (through the shell, with
 * the environment) and its JSON version 1 output signs the store's requests: temporary keys
 * with their session token, which the S3-compatible server checks. A program that fails or
 * prints something else is an error naming the profile and what went wrong, never what it
 * printed. Real S3-compatible server, real programs.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { NO_AWS_SETTINGS, startS3WithTemporaryKeys, type S3TestServer } from "../../../support/s3-test-server";
import { rejectionOf } from "../../../support/thrown-error";

let s3: S3TestServer;
const dir = mkdtempSync(join(tmpdir(), "aws-process-"));
beforeAll(async () => {
  s3 = await startS3WithTemporaryKeys();
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An environment whose default profile runs `script` (written to a file) as its credential_process. */
function withProcess(name: string, script: string, more: Record<string, string> = {}): Record<string, string> {
  const path = join(dir, `${name}.sh`);
  writeFileSync(path, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o700);
  const config = join(dir, `${name}.config`);
  writeFileSync(config, `[default]\nregion = us-east-1\ncredential_process = ${path} --profile ci\n`);
  return { ...NO_AWS_SETTINGS, AWS_CONFIG_FILE: config, ...more };
}

const printKeys = (extra = "") =>
  `cat <<'KEYS'\n${JSON.stringify({
    Version: 1,
    AccessKeyId: s3.accessKey,
    SecretAccessKey: s3.secretKey,
    SessionToken: s3.sessionToken,
    Expiration: new Date(Date.now() + 3_600_000).toISOString(),
  })}\nKEYS\n${extra}`;

test("the program's keys and session token sign the listing and the read; it runs once for both", async () => {
  const count = join(dir, "runs");
  writeFileSync(count, "");
  // The program sees the store's environment, as the SDK passes it on.
  const env = withProcess(
    "good",
    `[ "$1" = --profile ] && [ "$MARK" = on ] || exit 9\necho run >> '${count}'\n${printKeys()}`,
    {
      MARK: "on",
    },
  );
  const store = openBackendStore(s3.backendUrl(), env)!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/web/prod.json"]);
  expect((await store.read(".pulumi/stacks/web/prod.json"))?.toString()).toBe('{"version":3}');
  expect(readFileSync(count, "utf8")).toBe("run\n");
});

test("keys without the session token the server expects are refused by it", async () => {
  const keys = JSON.stringify({ Version: 1, AccessKeyId: s3.accessKey, SecretAccessKey: s3.secretKey });
  const store = openBackendStore(s3.backendUrl(), withProcess("no-token", `echo '${keys}'`))!;
  const err = await rejectionOf(store.list(".pulumi/"), BackendStoreError);
  expect(err.reason).toContain("HTTP 400 InvalidToken");
  expect(err.message).not.toContain(s3.secretKey);
});

test("a failing program, another Version or missing keys are named without anything the program printed", async () => {
  const reason = async (name: string, script: string) => {
    const store = openBackendStore(s3.backendUrl(), withProcess(name, script))!;
    const err = await rejectionOf(store.list(".pulumi/"), BackendStoreError);
    expect(err.message).not.toContain(s3.secretKey);
    expect(err.message).not.toContain(s3.sessionToken!);
    expect(err.message).not.toContain("--profile ci");
    return err.reason;
  };
  expect(await reason("exits", `${printKeys(`echo '${s3.secretKey}' >&2`)}\nexit 3`)).toBe(
    'the credential_process of AWS profile "default" exited with status 3',
  );
  const v2 = JSON.stringify({ Version: 2, AccessKeyId: s3.accessKey, SecretAccessKey: s3.secretKey });
  expect(await reason("v2", `echo '${v2}'`)).toBe(
    'the credential_process of AWS profile "default" printed Version 2, not 1',
  );
  expect(await reason("no-secret", `echo '{"Version":1,"AccessKeyId":"${s3.accessKey}"}'`)).toBe(
    'the credential_process of AWS profile "default" printed no SecretAccessKey',
  );
  expect(await reason("text", `echo 'secret=${s3.secretKey}'`)).toBe(
    'the credential_process of AWS profile "default" printed no JSON',
  );
});
