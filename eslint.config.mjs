// The lint gate (`npm run lint`, run first by scripts/test.sh): ESLint's and typescript-eslint's
// recommended rules, with unused variables and imports as errors, over src, test, bench and
// scripts. Formatting is prettier's (`npm run format:check`), not ESLint's. The generated
// src/**/*.generated.ts are linted too (prettier skips them): they pass, and a generator
// that starts writing unused names should hear about it.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

// The globals of a CommonJS script under Node, listed here rather than taken from the `globals`
// package, which would be one more dependency for one list.
const nodeCommonJsGlobals = Object.fromEntries(
  [
    ...["require", "module", "exports", "__dirname", "__filename", "process", "console", "Buffer", "global"],
    ...["setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate"],
    ...["queueMicrotask", "structuredClone", "performance", "fetch", "crypto", "atob", "btoa"],
    ...["URL", "URLSearchParams", "TextEncoder", "TextDecoder", "AbortController", "AbortSignal"],
    ...["Blob", "FormData", "Headers", "Request", "Response", "DOMException", "Event", "EventTarget"],
  ].map((name) => [name, name === "module" || name === "exports" ? "writable" : "readonly"]),
);

// Unused variables, arguments (after the last used one) and imports are errors; a leading `_`
// marks a name that is unused on purpose.
const unusedVars = {
  args: "after-used",
  argsIgnorePattern: "^_",
  varsIgnorePattern: "^_",
  caughtErrors: "all",
  caughtErrorsIgnorePattern: "^_",
  destructuredArrayIgnorePattern: "^_",
  ignoreRestSiblings: true,
};

const SDK_PRIVATE =
  "@pulumi/pulumi/runtime/* is the SDK's private runtime: use its public surface (pulumi.runtime.*, @pulumi/pulumi/provider).";

export default defineConfig(
  {
    ignores: [
      "**/dist/",
      ".tools/",
      "sdk/",
      "examples/",
      "docs/",
      "test/upgrade/0.1.0/",
      // Working directories the tests write (see .gitignore).
      "test/e2e/.work/",
      "test/export/.work/",
      "test/.output/",
      // Mutation testing's sandbox and reports (npm run test:mutation).
      ".stryker-tmp/",
      "reports/",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  {
    files: ["**/*.ts"],
    extends: [tseslint.configs.recommended],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", unusedVars],
      // A `let` that a callback defined before its one assignment reads stays a `let`: as a
      // `const` declared later, an early call would throw instead of seeing undefined.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // The Node.js SDK's runtime modules are its private parts, which any release may change:
    // the source stands on its public surface (the package root, `@pulumi/pulumi/provider`,
    // the protocol's `proto/*`). Construct goes through the SDK's provider server
    // (src/plugin/component-server.ts) for that reason.
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^@pulumi/pulumi/runtime(/|$)", message: SDK_PRIVATE }] },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='require'] > Literal[value=/^@pulumi\\/pulumi\\/runtime(\\/|$)/]",
          message: SDK_PRIVATE,
        },
        {
          selector: "ImportExpression > Literal[value=/^@pulumi\\/pulumi\\/runtime(\\/|$)/]",
          message: SDK_PRIVATE,
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: nodeCommonJsGlobals },
    rules: {
      "no-unused-vars": ["error", unusedVars],
    },
  },
  {
    files: ["scripts/**/*.js"],
    rules: {
      // The scripts' errors wrap a failed child process and already carry the part of its
      // output that matters in their message; a `cause` would have Node print the whole child
      // process error (stdout and stderr included) a second time under it.
      "preserve-caught-error": "off",
    },
  },
);
