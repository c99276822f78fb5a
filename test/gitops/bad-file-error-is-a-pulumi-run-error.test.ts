/**
 * A bad monitors file throws an error Pulumi takes for a RunError (so `pulumi up` prints
 * its message without a stack trace), though the class no longer extends RunError: its
 * module loads gRPC, which `pulumi-uptime test --file` does not need.
 */
import { RunError } from "@pulumi/pulumi/errors";
import { expect, test } from "vitest";
import { MonitorsFileError, parseMonitorsYaml } from "../../src/gitops/load-monitors";

test("Pulumi's RunError.isInstance recognizes the error of a bad file", () => {
  let thrown: unknown;
  try {
    parseMonitorsYaml("monitors:\n  a:\n    name: A\n    url: https://a.example\n    interval: 45\n");
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(MonitorsFileError);
  expect(RunError.isInstance(thrown)).toBe(true);
  expect(RunError.isInstance(new Error("plain"))).toBe(false);
});
