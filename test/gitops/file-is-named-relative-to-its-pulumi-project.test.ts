import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadMonitorsFile, MonitorsFileError } from "../../src/gitops";

const BAD = "monitors:\n  a:\n    name: A\n    url: https://a.example.com\n    interval: 45\n";

function messageOf(path: string): string {
  try {
    loadMonitorsFile(path);
  } catch (err) {
    expect(err).toBeInstanceOf(MonitorsFileError);
    return (err as Error).message;
  }
  throw new Error("expected a failure");
}

describe("the file name in messages", () => {
  it("is relative to the Pulumi project that holds the file, wherever the program runs from", () => {
    const project = mkdtempSync(join(tmpdir(), "gitops-project-"));
    writeFileSync(join(project, "Pulumi.yaml"), "name: p\nruntime: nodejs\n");
    mkdirSync(join(project, "config"));
    writeFileSync(join(project, "config", "monitors.yaml"), BAD);
    expect(messageOf(join(project, "config", "monitors.yaml"))).toMatch(
      /^config\/monitors\.yaml: entry 1 \("a"\): interval: 45 is not one of/,
    );
  });

  it("is the path as given outside any project and outside the working directory", () => {
    const dir = mkdtempSync(join(tmpdir(), "gitops-loose-"));
    writeFileSync(join(dir, "monitors.yaml"), BAD);
    expect(messageOf(join(dir, "monitors.yaml"))).toMatch(
      new RegExp(`^${join(dir, "monitors.yaml").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: entry 1`),
    );
  });

  it("names a missing file", () => {
    const dir = mkdtempSync(join(tmpdir(), "gitops-missing-"));
    expect(messageOf(join(dir, "nope.yaml"))).toBe(`${join(dir, "nope.yaml")}: no such file`);
  });
});
