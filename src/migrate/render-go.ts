/**
 * A Go program (`main.go`, and its `go.mod`) declaring a migration's monitors with the uptime
 * package's Go SDK: the arguments export plans, typed as the SDK types them (enums for the
 * listed values), each secret read with `cfg.RequireSecret`, so the program holds none.
 */
import { isPlaceholder, type ExportPlan } from "../export/plan";
import { headerLines, oneLine, secretsFooterLines } from "../export/text";
import { toPascal } from "../schemas/name-case";
import { ENUM_TYPES } from "../export/sdk-enums";
import { SET_YOURSELF } from "./render-yaml-program";

function value(field: string, v: unknown): string {
  if (isPlaceholder(v)) return `cfg.RequireSecret(${JSON.stringify(v.configKey)})`;
  if (Array.isArray(v)) {
    const alerts = field === "alerts";
    const items = v.map((e: { key: string; value: unknown }) =>
      alerts
        ? `uptime.AlertArgs{Key: uptime.AlertChannel(${JSON.stringify(e.key)}), Value: ${value("", e.value)}}`
        : `uptime.RequestHeaderArgs{Key: pulumi.String(${JSON.stringify(e.key)}), Value: ${value("", e.value)}}`,
    );
    return `${alerts ? "uptime.AlertArray" : "uptime.RequestHeaderArray"}{\n${items.map((i) => `\t\t\t\t${i},`).join("\n")}\n\t\t\t}`;
  }
  if (ENUM_TYPES[field]) return `uptime.${ENUM_TYPES[field]}(${JSON.stringify(v)})`;
  if (typeof v === "boolean") return `pulumi.Bool(${v})`;
  return `pulumi.String(${JSON.stringify(v)})`;
}

export function renderGo(plan: ExportPlan, source: string): string {
  const secrets = plan.secrets.length > 0;
  const lines = [
    ...headerLines(plan.monitors.length, source, undefined, "pulumi-uptime migrate").map((l) => `// ${l}`.trimEnd()),
    "package main",
    "",
    "import (",
    '\t"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"',
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(secrets ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    ...(secrets ? ['\t\tcfg := config.New(ctx, "")'] : []),
  ];
  for (const m of plan.monitors) {
    lines.push(`\t\t// ${oneLine(JSON.stringify(m.monitor.name))} (${oneLine(m.label ?? "")})`);
    lines.push(`\t\tif _, err := uptime.NewMonitor(ctx, ${JSON.stringify(m.resourceName)}, &uptime.MonitorArgs{`);
    for (const [field, v] of m.args) lines.push(`\t\t\t${toPascal(field)}: ${value(field, v)},`);
    lines.push("\t\t}); err != nil {", "\t\t\treturn err", "\t\t}");
  }
  lines.push("\t\treturn nil", "\t})", "}", "");
  for (const l of secretsFooterLines(plan.secrets, "They are read with cfg.RequireSecret above.", SET_YOURSELF))
    lines.push(`// ${l}`.trimEnd());
  return `${lines.join("\n")}\n`;
}

/** The program's go.mod: the SDK and Pulumi's; `go mod tidy` completes it. */
export function goMod(project: string): string {
  return [
    `module ${project}`,
    "",
    "go 1.25",
    "",
    "require (",
    "\tgithub.com/pulumi-uptime/pulumi-uptime/sdk/go v0.1.0",
    "\tgithub.com/pulumi/pulumi/sdk/v3 v3.248.0",
    ")",
    "",
  ].join("\n");
}
