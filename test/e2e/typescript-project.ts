/**
 * A TypeScript project as `pulumi new typescript` makes it, around a given index.ts: the
 * engine type-checks and runs index.ts itself, as it does for a user. Written into the repo's
 * .work dir (E2EStack.create `files`), `pulumi-uptime` resolves as an installed package would.
 */

/** What `pulumi new typescript` writes (its template, minus the cloud-only tags), with `program` as index.ts. */
export function typescriptProject(name: string, description: string, program: string): Record<string, string> {
  return {
    "Pulumi.yaml": `name: ${name}\ndescription: ${description}\nruntime:\n  name: nodejs\n  options:\n    packagemanager: npm\n`,
    "package.json": JSON.stringify(
      {
        name,
        main: "index.ts",
        devDependencies: { "@types/node": "^20", typescript: "^5.0.0" },
        dependencies: { "@pulumi/pulumi": "^3.248.0", "pulumi-uptime": "^0.1.0" },
      },
      null,
      4,
    ),
    "tsconfig.json": JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          outDir: "bin",
          target: "es2020",
          module: "commonjs",
          moduleResolution: "node",
          sourceMap: true,
          experimentalDecorators: true,
          pretty: true,
          noFallthroughCasesInSwitch: true,
          noImplicitReturns: true,
          forceConsistentCasingInFileNames: true,
        },
        files: ["index.ts"],
      },
      null,
      4,
    ),
    "index.ts": program,
  };
}
