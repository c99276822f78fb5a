/**
 * A C# program (`Program.cs`, and its project file) declaring a migration's monitors with the
 * uptime package's .NET SDK (`PulumiUptime.Uptime`): the arguments export plans, as
 * `MonitorArgs` properties, enums by the member names the package schema gives them, each
 * secret read with `config.RequireSecret`, so the program holds none.
 */
import type { ExportPlan } from "../export/plan";
import { headerLines, secretsFooterLines } from "../export/text";
import { csharpArg } from "../export/csharp-args";
import { lineComment, quoted } from "../export/java-csharp-text";
import { SET_YOURSELF } from "./render-yaml-program";

const INDENT = "    ";

export function renderCsharp(plan: ExportPlan, source: string): string {
  const lines = [
    ...headerLines(plan.monitors.length, source, undefined, "pulumi-uptime migrate").map(lineComment),
    "using Pulumi;",
    "using Uptime = PulumiUptime.Uptime;",
    "",
    "return await Deployment.RunAsync(() =>",
    "{",
    ...(plan.secrets.length ? [`${INDENT}var config = new Config();`] : []),
  ];
  for (const m of plan.monitors) {
    lines.push("", `${INDENT}${lineComment(`${JSON.stringify(m.monitor.name)} (${m.label ?? ""})`)}`);
    lines.push(`${INDENT}new Uptime.Monitor(${quoted(m.resourceName)}, new Uptime.MonitorArgs`, `${INDENT}{`);
    for (const [field, v] of m.args) lines.push(`${INDENT.repeat(2)}${csharpArg(field, v, 2, "config")}`);
    lines.push(`${INDENT}});`);
  }
  lines.push("});", "");
  for (const l of secretsFooterLines(plan.secrets, "They are read with config.RequireSecret above.", SET_YOURSELF))
    lines.push(lineComment(l));
  return `${lines.join("\n")}\n`;
}

/** The program's project file: the Pulumi .NET SDK and the uptime package's. */
export function csproj(): string {
  return `<Project Sdk="Microsoft.NET.Sdk">

  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net8.0</TargetFramework>
    <Nullable>enable</Nullable>
  </PropertyGroup>

  <ItemGroup>
    <PackageReference Include="Pulumi" Version="3.*" />
    <!-- Until it is on NuGet: the package \`dotnet pack\` makes from sdk/dotnet. -->
    <PackageReference Include="PulumiUptime.Uptime" Version="0.1.0" />
  </ItemGroup>

</Project>
`;
}
