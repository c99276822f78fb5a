/**
 * `listStacks` gives every stack of the backend fully qualified and sorted; when the CLI
 * cannot list a file backend (one corrupt checkpoint fails the whole list), its stack files
 * are listed, whether the backend is given or logged in to; any other backend (S3 here, whose
 * objects only the CLI reads) fails with a StackError carrying the CLI's reason.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { listStacks } from "../../src/stack/list-stacks";
import { StackError } from "../../src/stack/pulumi-command";
import { standInPulumi } from "../support/stand-in-pulumi";
import { rejectionOf } from "../support/thrown-error";

const listing = standInPulumi({
  "stack ls": { stdout: JSON.stringify([{ name: "shop/prod" }, { name: "acme/app/dev" }, { current: true }]) },
});
const failing = standInPulumi({ "stack ls": { stderr: "error: failed to load checkpoint\n", code: 255 } });
afterAll(() => {
  listing.remove();
  failing.remove();
});

test("names come back fully qualified and sorted, asked with --all and without prompts", async () => {
  expect(await listStacks({ bin: listing.bin, cwd: listing.dir, env: {} })).toEqual([
    "acme/app/dev",
    "organization/shop/prod",
  ]);
  expect(listing.calls()[0].args).toEqual(
    expect.arrayContaining(["--all", "--json", "--fully-qualify-stack-names", "--non-interactive"]),
  );
});

test("a file backend the CLI cannot list is listed from its stack files", async () => {
  const be = join(failing.dir, "backend");
  mkdirSync(join(be, ".pulumi", "stacks", "app"), { recursive: true });
  for (const f of ["dev.json", "dev.json.bak", "prod.json.gz", "prod.json.attrs"])
    writeFileSync(join(be, ".pulumi", "stacks", "app", f), "");
  const stacks = await listStacks({ bin: failing.bin, cwd: failing.dir, env: { PULUMI_BACKEND_URL: `file://${be}` } });
  expect(stacks).toEqual(["organization/app/dev", "organization/app/prod"]);
});

test("another backend the CLI cannot list is a StackError with the CLI's reason", async () => {
  const env = { PULUMI_BACKEND_URL: "s3://bucket/state" };
  const err = await rejectionOf(listStacks({ bin: failing.bin, cwd: failing.dir, env }), StackError);
  expect(err.reason).toBe("error: failed to load checkpoint");
});

test("one project's stacks are asked with --project, and a file backend's fallback keeps to that project", async () => {
  await listStacks({ bin: listing.bin, cwd: listing.dir, env: {} }, "shop");
  const args = listing.calls().at(-1)!.args;
  expect(args.slice(0, 4)).toEqual(["stack", "ls", "--project", "shop"]);
  expect(args).not.toContain("--all");
  const be = join(failing.dir, "backend");
  const stacks = await listStacks(
    { bin: failing.bin, cwd: failing.dir, env: { PULUMI_BACKEND_URL: `file://${be}` } },
    "other",
  );
  expect(stacks).toEqual([]);
  expect(
    await listStacks({ bin: failing.bin, cwd: failing.dir, env: { PULUMI_BACKEND_URL: `file://${be}` } }, "app"),
  ).toEqual(["organization/app/dev", "organization/app/prod"]);
});

test("the backend the CLI is logged in to is listed from its stack files too", async () => {
  const be = join(failing.dir, "backend");
  const loggedIn = standInPulumi({
    "stack ls": { stderr: "error: failed to load checkpoint\n", code: 255 },
    whoami: { stdout: JSON.stringify({ user: "me", url: `file://${be}` }) },
  });
  try {
    expect(await listStacks({ bin: loggedIn.bin, cwd: loggedIn.dir, env: {} })).toEqual([
      "organization/app/dev",
      "organization/app/prod",
    ]);
  } finally {
    loggedIn.remove();
  }
});
