/**
 * The pom of a migrated Java program and the Java SDK's (written by tools/sdkgen, committed
 * as sdk/java/pom.xml, which a test holds to the generator's output) pin their Maven plugins
 * from one list, tools/sdkgen/maven-plugins.json: the same plugins at the same versions, and
 * no version of a plugin outside it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { pomXml } from "../../src/migrate/render-java";
import { REPO } from "../support/repo-root";

const list = JSON.parse(readFileSync(join(REPO, "tools/sdkgen/maven-plugins.json"), "utf8")) as {
  plugins: { groupId: string; artifactId: string; version: string }[];
};

/** `groupId:artifactId` → version of each plugin a pom's `<plugin>` elements name with a version. */
function pinned(pom: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [plugin] of pom.matchAll(/<plugin>[\s\S]*?<\/plugin>/g)) {
    const version = /<version>([^<]+)<\/version>/.exec(plugin)?.[1];
    if (version === undefined) continue;
    const group = /<groupId>([^<]+)<\/groupId>/.exec(plugin)?.[1] ?? "org.apache.maven.plugins";
    out[`${group}:${/<artifactId>([^<]+)<\/artifactId>/.exec(plugin)![1]}`] = version;
  }
  return out;
}

it("a migrated program's pom and the Java SDK's pin the same plugins at the list's versions", () => {
  const expected = Object.fromEntries(list.plugins.map((p) => [`${p.groupId}:${p.artifactId}`, p.version]));
  expect(Object.keys(expected)).toContain("org.codehaus.mojo:exec-maven-plugin");
  expect(pinned(pomXml("monitors-app"))).toEqual(expected);
  expect(pinned(readFileSync(join(REPO, "sdk/java/pom.xml"), "utf8"))).toEqual(expected);
});
