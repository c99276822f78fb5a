// Command pulumi-gen-uptime writes the SDKs of the `uptime` package from its schema.json,
// with Pulumi's own code generators (pkg/v3's codegen, and pulumi-java's for Java). The schema
// is generated from the zod schemas (`npm run generate`); nothing this writes is edited by hand.
//
// Usage: pulumi-gen-uptime <schema.json> <out-dir> <language>...
// Each language is written to <out-dir>/<language>, replacing what was there.
package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"

	javagen "github.com/pulumi/pulumi-java/pkg/codegen/java"
	dotnetgen "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool is the name the generated files say they were written by.
const tool = "pulumi-gen-uptime"

// generators maps a language to the codegen that writes its SDK. The package has no
// dependencies on other packages, so no schema loader is needed.
var generators = map[string]func(*schema.Package) (map[string][]byte, error){
	"nodejs": func(p *schema.Package) (map[string][]byte, error) {
		files, err := nodejsgen.GeneratePackage(tool, p, nil, nil, false, nil)
		if err == nil {
			nodeTsconfig(files)
		}
		return files, err
	},
	"go": func(p *schema.Package) (map[string][]byte, error) {
		return gogen.GeneratePackage(tool, p, nil)
	},
	"python": func(p *schema.Package) (map[string][]byte, error) {
		return pythongen.GeneratePackage(tool, p, nil, nil)
	},
	"dotnet": func(p *schema.Package) (map[string][]byte, error) {
		return dotnetgen.GeneratePackage(tool, p, nil, nil)
	},
	"java": func(p *schema.Package) (map[string][]byte, error) {
		if err := javaNumberEnums(p); err != nil {
			return nil, err
		}
		files, err := javagen.GeneratePackage(tool, p, nil, nil, false, false)
		if err != nil {
			return nil, err
		}
		if files["pom.xml"], err = mavenPom(p); err != nil {
			return nil, err
		}
		path, text, err := pluginJSON(p)
		files[path] = text
		return files, err
	},
}

// logo is the package's icon. The .NET generator fetches the schema's logoUrl over
// HTTP to put it in the NuGet package; it is answered from this copy instead, so that
// generating needs no network and gives the same bytes every time.
//
//go:embed logo.png
var logo []byte

// offline answers every HTTP request a generator makes: the logo from the embedded copy,
// anything else with an error naming the address.
type offline struct{ logoURL string }

func (o offline) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.String() != o.logoURL {
		return nil, fmt.Errorf("%s fetches nothing from the network (asked for %s)", tool, req.URL)
	}
	return &http.Response{
		StatusCode: http.StatusOK,
		Header:     http.Header{"Content-Type": {"image/png"}},
		Body:       io.NopCloser(bytes.NewReader(logo)),
		Request:    req,
	}, nil
}

func main() {
	if len(os.Args) < 4 {
		fmt.Fprintf(os.Stderr, "usage: %s <schema.json> <out-dir> <language>... (languages: nodejs go python dotnet java)\n", tool)
		os.Exit(2)
	}
	schemaPath, outDir, languages := os.Args[1], os.Args[2], os.Args[3:]
	for _, lang := range languages {
		if generators[lang] == nil {
			fail("unknown language %q: use nodejs, go, python, dotnet or java", lang)
		}
	}
	http.DefaultTransport = offline{logoURL: bind(schemaPath).LogoURL}
	for _, lang := range languages {
		// Each generator annotates the package it is given, so bind afresh for each.
		files, err := generators[lang](bind(schemaPath))
		if err != nil {
			fail("generating the %s SDK: %v", lang, err)
		}
		if err := write(filepath.Join(outDir, lang), files); err != nil {
			fail("writing the %s SDK: %v", lang, err)
		}
	}
}

// bind reads and validates the schema; any diagnostic is fatal, so a schema the
// generators would half-understand never yields an SDK.
func bind(path string) *schema.Package {
	text, err := os.ReadFile(path)
	if err != nil {
		fail("reading %s: %v", path, err)
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		fail("parsing %s: %v", path, err)
	}
	pkg, diags, err := schema.BindSpec(spec, nil, schema.ValidationOptions{})
	if err != nil {
		fail("binding %s: %v", path, err)
	}
	if len(diags) > 0 {
		fail("%s does not bind: %v", path, diags)
	}
	return pkg
}

// write replaces dir with exactly the generated files, in a stable order.
func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s: %s\n", tool, fmt.Sprintf(format, args...))
	os.Exit(1)
}
