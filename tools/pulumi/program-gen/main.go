// A language host that only writes programs: GenerateProgram for Python, Go or Node.js (by the
// name it runs under), with Pulumi's own generators (pkg/v3 codegen/python, go and nodejs). CLI
// v3.248 asks the project's language host to write the code of `pulumi import`, but the Python,
// Go and Node.js hosts that build here (sdk/v3 v3.79.0, v3.66.0 and v3.68.0) predate that call,
// and the module proxy reachable here refuses their later modules. The tests put this one first on the PATH for
// `pulumi import` alone; programs still run on the real hosts. Everything else is unimplemented.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

type generate func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error)

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	gen generate
}

func (h *host) GenerateProgram(ctx context.Context, req *pulumirpc.GenerateProgramRequest) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	parser := syntax.NewParser()
	for path, contents := range req.Source {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return nil, err
		}
		if parser.Diagnostics.HasErrors() {
			return nil, parser.Diagnostics
		}
	}
	opts := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.Strict {
		opts = append(opts, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), opts...)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() || program == nil {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	files, more, err := h.gen(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{
		Source:      files,
		Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(append(diags, more...)),
	}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: "3.248.0"}, nil
}

func main() {
	name := filepath.Base(os.Args[0])
	var gen generate
	switch name {
	case "pulumi-language-python":
		gen = pygen.GenerateProgram
	case "pulumi-language-go":
		gen = gogen.GenerateProgram
	case "pulumi-language-nodejs":
		gen = nodejsgen.GenerateProgram
	default:
		cmdutil.Exit(fmt.Errorf("run as pulumi-language-python, -go or -nodejs, not %s", name))
	}
	// The engine's address comes last; like the real hosts, stop when the engine is gone.
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	done := make(chan bool)
	go func() {
		<-ctx.Done()
		close(done)
	}()
	if args := os.Args[1:]; len(args) > 0 && !strings.HasPrefix(args[len(args)-1], "-") {
		if err := rpcutil.Healthcheck(ctx, args[len(args)-1], 2*time.Second, cancel); err != nil {
			cmdutil.Exit(err)
		}
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: done,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, &host{gen: gen})
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(err)
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(err)
	}
}
