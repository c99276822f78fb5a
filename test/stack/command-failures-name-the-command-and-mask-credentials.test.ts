/**
 * A `pulumi` command that fails is a StackError naming the command, with the CLI's own
 * words on one line as its reason and credentials in URLs masked; a binary that is not
 * there says so; an export that is not a state says what is wrong with it.
 */
import { afterAll, expect, test } from "vitest";
import { pulumiOutput, StackError } from "../../src/stack/pulumi-command";
import { exportState } from "../../src/stack/state-resource";
import { standInPulumi } from "../support/stand-in-pulumi";
import { rejectionOf } from "../support/thrown-error";

const pulumi = standInPulumi({
  "stack ls": {
    stderr: "error: could not open postgres://state:hunter2@db.example.com/state\n  connection refused\n",
    code: 255,
  },
  "stack export": { stdout: "not json" },
});
afterAll(() => pulumi.remove());

test("a failed command names itself and gives the CLI's reason, with the URL's password masked", async () => {
  const err = await pulumiOutput({ bin: pulumi.bin, cwd: pulumi.dir, env: {} }, ["stack", "ls", "--json"]).catch(
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StackError);
  const { message, reason } = err as StackError;
  expect(message).toMatch(/^pulumi stack ls failed: error: could not open postgres:\/\/\*\*\*@db.example.com\/state/);
  expect(reason).toBe("error: could not open postgres://***@db.example.com/state; connection refused");
  expect(message + reason).not.toContain("hunter2");
});

test("a missing pulumi on PATH, or a missing binary at a path, is said so", async () => {
  const onPath = await rejectionOf(
    pulumiOutput({ cwd: pulumi.dir, env: { PATH: "/nonexistent" } }, ["stack", "ls"]),
    StackError,
  );
  expect(onPath.message).toBe("the pulumi CLI is not on PATH");
  const atPath = await rejectionOf(
    pulumiOutput({ bin: "/nonexistent/pulumi", cwd: pulumi.dir, env: {} }, ["stack", "ls"]),
    StackError,
  );
  expect(atPath.message).toBe("the pulumi CLI /nonexistent/pulumi is not there");
});

test("an export that is not JSON is a StackError saying so", async () => {
  const err = await rejectionOf(
    exportState({ bin: pulumi.bin, cwd: pulumi.dir, env: {}, stack: "a/b/c" }, { showSecrets: false }),
    StackError,
  );
  expect(err.reason).toMatch(/^the exported state is not valid JSON \(/);
  const exportCall = pulumi.calls().find((c) => c.args[0] === "stack" && c.args[1] === "export");
  expect(exportCall?.args).not.toContain("--show-secrets");
});
