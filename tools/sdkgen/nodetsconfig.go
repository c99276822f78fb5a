package main

import "regexp"

// nodeResolutionLine is the generated tsconfig.json's `"moduleResolution": "node"`, which
// TypeScript 6 refuses (TS5107: node10 resolution is deprecated). Without the line each
// compiler takes its default for CommonJS modules: node10 for TypeScript 5.x, which is what
// the line said, and bundler for TypeScript 6; both compile the SDK.
var nodeResolutionLine = regexp.MustCompile(`(?m)^[ \t]*"moduleResolution": "node",\r?\n`)

// nodeTsconfig drops that line from the Node.js SDK's tsconfig.json.
func nodeTsconfig(files map[string][]byte) {
	if text, ok := files["tsconfig.json"]; ok {
		files["tsconfig.json"] = nodeResolutionLine.ReplaceAll(text, nil)
	}
}
