/**
 * A Java program (`App.java` in package `monitors`, in Maven's source layout, and its
 * `pom.xml`) declaring a migration's monitors with the uptime package's Java SDK: the
 * arguments export plans, through `MonitorArgs.builder()`, enums by the member names the
 * package schema gives them, each secret read with `config.requireSecret`, so the program
 * holds none.
 */
import type { ExportPlan } from "../export/plan";
import { headerLines, secretsFooterLines } from "../export/text";
import { javaArg, javaClassesOf, JAVA_SDK } from "../export/java-args";
import { lineComment, quoted } from "../export/java-csharp-text";
import { SET_YOURSELF } from "./render-yaml-program";

/** The program's Java package and the file it is written to. */
const JAVA_PACKAGE = "monitors";
export const JAVA_PROGRAM = `src/main/java/${JAVA_PACKAGE}/App.java`;

const INDENT = "    ";

/** The import lines: Pulumi's, Monitor's, and the SDK classes the plan's arguments name. */
function imports(plan: ExportPlan): string[] {
  const used = new Set(plan.monitors.flatMap((m) => javaClassesOf(m.args)));
  return [
    "com.pulumi.Context",
    "com.pulumi.Pulumi",
    `${JAVA_SDK}.Monitor`,
    `${JAVA_SDK}.MonitorArgs`,
    ...[...used].sort(),
  ].map((c) => `import ${c};`);
}

export function renderJava(plan: ExportPlan, source: string): string {
  const body = INDENT.repeat(2);
  const lines = [
    ...headerLines(plan.monitors.length, source, undefined, "pulumi-uptime migrate").map(lineComment),
    `package ${JAVA_PACKAGE};`,
    "",
    ...imports(plan),
    "",
    "public class App {",
    `${INDENT}public static void main(String[] args) {`,
    `${body}Pulumi.run(App::stack);`,
    `${INDENT}}`,
    "",
    `${INDENT}public static void stack(Context ctx) {`,
    ...(plan.secrets.length ? [`${body}var config = ctx.config();`] : []),
  ];
  for (const m of plan.monitors) {
    lines.push("", `${body}${lineComment(`${JSON.stringify(m.monitor.name)} (${m.label ?? ""})`)}`);
    lines.push(`${body}new Monitor(${quoted(m.resourceName)}, MonitorArgs.builder()`);
    for (const [field, v] of m.args) lines.push(`${body}${INDENT}${javaArg(field, v, 4, "config")}`);
    lines.push(`${body}${INDENT}.build());`);
  }
  lines.push(`${INDENT}}`, "}", "");
  for (const l of secretsFooterLines(plan.secrets, "They are read with config.requireSecret above.", SET_YOURSELF))
    lines.push(lineComment(l));
  return `${lines.join("\n")}\n`;
}

/** A Maven plugin and the version every pom of this repository pins. */
interface MavenPlugin {
  groupId: string;
  artifactId: string;
  version: string;
}

/**
 * The plugins, pinned, of both poms this repository writes: this one and the Java SDK's,
 * whose generator (tools/sdkgen) embeds the same file, so the two never pin different versions.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- outside rootDir (src); the package's files list it
const { plugins: MAVEN_PLUGINS } = require("../../tools/sdkgen/maven-plugins.json") as { plugins: MavenPlugin[] };

/** The pom's pluginManagement lines: every plugin of the list, pinned. */
const PLUGIN_MANAGEMENT = MAVEN_PLUGINS.map(
  (p) =>
    `        <plugin><groupId>${p.groupId}</groupId><artifactId>${p.artifactId}</artifactId><version>${p.version}</version></plugin>`,
).join("\n");

/**
 * The program's pom.xml: com.pulumi:pulumi and the uptime Java SDK, and the exec plugin the
 * Java language host runs the program with (`mvn compile exec:java`), every plugin pinned
 * (in pluginManagement, from the list the Java SDK's pom is written from).
 */
export function pomXml(project: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>

  <groupId>${JAVA_PACKAGE}</groupId>
  <artifactId>${project}</artifactId>
  <version>1.0-SNAPSHOT</version>

  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>11</maven.compiler.release>
    <mainClass>${JAVA_PACKAGE}.App</mainClass>
    <mainArgs/>
  </properties>

  <dependencies>
    <dependency>
      <groupId>com.pulumi</groupId>
      <artifactId>pulumi</artifactId>
      <version>1.17.0</version>
    </dependency>
    <!-- Until it is on Maven Central: the jar \`npm run sdks\` builds and installs. -->
    <dependency>
      <groupId>io.github.pulumiuptime</groupId>
      <artifactId>uptime</artifactId>
      <version>0.1.0</version>
    </dependency>
  </dependencies>

  <build>
    <pluginManagement>
      <plugins>
${PLUGIN_MANAGEMENT}
      </plugins>
    </pluginManagement>
    <plugins>
      <plugin>
        <groupId>org.codehaus.mojo</groupId>
        <artifactId>exec-maven-plugin</artifactId>
        <configuration>
          <mainClass>\${mainClass}</mainClass>
          <commandlineArgs>\${mainArgs}</commandlineArgs>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
`;
}
