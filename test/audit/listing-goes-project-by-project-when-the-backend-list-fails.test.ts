/**
 * On a self-managed backend one unreadable checkpoint fails `pulumi stack ls` as a whole (the
 * CLI reads every stack's checkpoint to list them, and does not name the one that failed).
 * `stacksToAudit` then lists each project the globs name on its own (`--project`, which the
 * CLI applies before reading checkpoints), reads stacks named in full directly, and reports
 * a glob whose project cannot be listed; with no glob naming its project it fails, saying
 * what failed. The real CLI's failure is the end-to-end test's.
 */
import { afterAll, describe, expect, it } from "vitest";
import { stacksToAudit, StackListError } from "../../src/audit/stacks-to-audit";
import { standInPulumi } from "../support/stand-in-pulumi";

// What `pulumi stack ls` printed on a file backend with one corrupt checkpoint (Pulumi 3.248).
const CORRUPT = "error: place 1: invalid character 'n' looking for beginning of object key string\n";
const list = (...names: string[]) => ({ stdout: JSON.stringify(names.map((name) => ({ name }))) });

const pulumi = standInPulumi({
  "stack ls --all": { stderr: CORRUPT, code: 255 },
  "stack ls --project app": list("organization/app/dev", "organization/app/prod"),
  "stack ls --project web": list("organization/web/prod"),
  "stack ls --project legacy": { stderr: CORRUPT, code: 255 },
});
afterAll(() => pulumi.remove());
// A self-managed backend other than a file backend: the CLI's lists are all there are.
const cli = { bin: pulumi.bin, cwd: pulumi.dir, env: { PULUMI_BACKEND_URL: "s3://bucket/state" } };

describe("when the backend's stack list fails", () => {
  it("lists each project a glob names, alone, and selects within it", async () => {
    const got = await stacksToAudit(cli, ["app/*", "web/prod", "web/staging"]);
    expect(got).toEqual({
      selected: ["organization/app/dev", "organization/app/prod", "organization/web/prod"],
      unmatched: ["web/staging"],
      unlisted: [],
    });
    const projects = pulumi
      .calls()
      .map((c) => c.args.slice(2, 4).join(" "))
      .filter((a) => a.startsWith("--project"));
    expect(projects).toEqual(["--project app", "--project web"]);
  });

  it("reads a stack named in full in a project that cannot be listed, and reports the project's other globs", async () => {
    const got = await stacksToAudit(cli, ["app/dev", "legacy/old", "legacy/*"]);
    expect(got.selected).toEqual(["organization/app/dev", "organization/legacy/old"]);
    expect(got.unlisted).toEqual([
      {
        stack: "legacy/*",
        reason:
          "its stacks could not be listed: pulumi stack ls --project legacy failed: " +
          "error: place 1: invalid character 'n' looking for beginning of object key string",
      },
    ]);
  });

  it("fails naming the CLI's error when a glob does not name its project, or none is given", async () => {
    for (const globs of [[], ["*/prod"], ["app/*", "**"]]) {
      const err = await stacksToAudit(cli, globs).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StackListError);
      expect((err as Error).message).toBe(
        "pulumi stack ls failed: error: place 1: invalid character 'n' looking for beginning of object key string",
      );
    }
  });

  it("fails when no project could be listed and no stack is named in full", async () => {
    const err = await stacksToAudit(cli, ["legacy/*"]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StackListError);
  });
});

describe("when the backend lists", () => {
  it("filters the one list by the globs and asks for no project", async () => {
    const ok = standInPulumi({ "stack ls --all": list("organization/app/dev", "organization/web/prod") });
    try {
      const got = await stacksToAudit({ bin: ok.bin, cwd: ok.dir, env: {} }, ["web/*"]);
      expect(got).toEqual({ selected: ["organization/web/prod"], unmatched: [], unlisted: [] });
      expect(ok.calls()).toHaveLength(1);
    } finally {
      ok.remove();
    }
  });
});
