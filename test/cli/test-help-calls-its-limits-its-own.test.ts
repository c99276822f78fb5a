/**
 * `test --help` does not pass its timeout, redirect limit and body limit off as the service's
 * (which publishes none): it names them as the command's own choices.
 */
import { expect, it } from "vitest";
import { runTest } from "../../src/cli/test";
import { helpOf } from "../support/command-help";

it("names the 10 s timeout, 5 redirects and 1 MiB as the command's choices, not the service's", async () => {
  const help = await helpOf(runTest);
  expect(help).not.toMatch(/the service's\s+timeout|Default 10, the service's/);
  const timeout = help.slice(help.indexOf("  --timeout"), help.indexOf("  --ca"));
  expect(timeout.replace(/\s+/g, " ")).toContain(
    "Default 10. This command's choice, as are at most 5 redirects and 1 MiB of body read for a text lookup: the service publishes no limits of its own.",
  );
});
