//go:build uptime_run_plugin

// Added to the Node.js language host (sdk/v3 v3.68.0) at build time by scripts/build-pulumi.sh,
// through `go build -overlay`: that host answers RunPlugin with "not supported", and the v3.248.0
// CLI starts every Node.js policy pack through RunPlugin when a Node.js language host exists.
// This runs the pack the way Pulumi's own `pulumi-analyzer-policy` script does (installed beside
// the host from the same module): `node @pulumi/pulumi/cmd/run-policy-pack <engine> .` in the
// pack's directory, streaming its output back to the engine. It looks for run-policy-pack in the
// node_modules folders itself, as the script's `require.resolve` does, and falls back to the
// script when there is none: the script starts one more node process only to find it, which
// every preview with a pack would wait for.
//
// A pack whose PulumiPolicy.yaml sets `runtime.options.typescript: false` (JavaScript already)
// is started through run-compiled-policy-pack.js, installed beside this host, which does what
// run-policy-pack does without loading TypeScript: run-policy-pack always loads it
// (pulumi/pulumi#4830), and every preview with the pack waits for the pack to start.
//
// With PULUMI_UPTIME_POLICY_LAUNCHER=stock in its environment it takes neither shortcut and runs
// the `pulumi-analyzer-policy` script, as a stock Pulumi CLI's host does in effect (one node
// process to find run-policy-pack, then run-policy-pack, which loads TypeScript): what B13 (bench/)
// measures beside this build's launcher, since that is what users of a stock CLI get.
//
// The host's generated request type predates the fields the CLI sends (info = 5, kind = 6), so
// the pack's directory and runtime options are read from the request's unknown fields.

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"
)

const (
	runPluginInfoField        = 5 // RunPluginRequest.info (ProgramInfo)
	runPluginKindField        = 6 // RunPluginRequest.kind
	programInfoDirectoryField = 2 // ProgramInfo.program_directory
	programInfoOptionsField   = 4 // ProgramInfo.options (the runtime's options)

	compiledPackLauncher = "run-compiled-policy-pack.js"

	// launcherVariable set to "stock" turns off this host's shortcuts (see the file's comment).
	launcherVariable = "PULUMI_UPTIME_POLICY_LAUNCHER"
)

func uptimeRunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	info, kind := readRunPluginExtras(req.ProtoReflect().GetUnknown())
	if kind != "analyzer" {
		return fmt.Errorf("running a %q plugin is not supported by this Node.js language host (policy packs only)", kind)
	}
	dir := bytesField(info, programInfoDirectoryField)
	if dir == "" {
		return errors.New("RunPlugin: the request names no policy pack directory")
	}
	args := append(append([]string{}, req.GetArgs()...), ".")
	var cmd *exec.Cmd
	var script string
	self, err := os.Executable()
	if err != nil {
		return err
	}
	stock := os.Getenv(launcherVariable) == "stock"
	if entry := runPolicyPackEntry(dir); entry != "" && !stock {
		// What the script would find, without the extra node process it starts to find it.
		script = entry
		cmd = exec.Command("node", append([]string{entry}, args...)...)
		launcher := filepath.Join(filepath.Dir(self), compiledPackLauncher)
		if typeScriptOff(info) && isFile(launcher) {
			script = launcher
			run := filepath.Join(filepath.Dir(entry), "run.js")
			cmd = exec.Command("node", append([]string{launcher, run}, args...)...)
		}
	} else {
		script = filepath.Join(filepath.Dir(self), "pulumi-analyzer-policy")
		cmd = exec.Command(script, args...)
	}
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), req.GetEnv()...)

	var sendMu sync.Mutex
	send := func(resp *pulumirpc.RunPluginResponse) error {
		sendMu.Lock()
		defer sendMu.Unlock()
		return server.Send(resp)
	}
	cmd.Stdout = streamWriter(func(b []byte) error {
		return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: b}})
	})
	cmd.Stderr = streamWriter(func(b []byte) error {
		return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: b}})
	})
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", script, err)
	}
	code := int32(0)
	if err := cmd.Wait(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return err
		}
		code = int32(exit.ExitCode())
	}
	return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: code}})
}

// typeScriptOff reports whether the pack's runtime options set `typescript: false` (a boolean
// or the string "false", as YAML may give it).
func typeScriptOff(info []byte) bool {
	raw, ok := lastBytesField(info, programInfoOptionsField)
	if !ok {
		return false
	}
	var options structpb.Struct
	if err := proto.Unmarshal(raw, &options); err != nil {
		return false
	}
	switch v := options.GetFields()["typescript"].GetKind().(type) {
	case *structpb.Value_BoolValue:
		return !v.BoolValue
	case *structpb.Value_StringValue:
		return v.StringValue == "false"
	}
	return false
}

func isFile(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}

// runPolicyPackEntry is the file `require.resolve("@pulumi/pulumi/cmd/run-policy-pack")` gives
// in dir (node_modules folders from dir up to the root), or "" when there is none.
func runPolicyPackEntry(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		entry := filepath.Join(d, "node_modules", "@pulumi", "pulumi", "cmd", "run-policy-pack", "index.js")
		if isFile(entry) {
			return entry
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

type streamWriter func([]byte) error

func (w streamWriter) Write(p []byte) (int, error) {
	if err := w(append([]byte{}, p...)); err != nil {
		return 0, err
	}
	return len(p), nil
}

var _ io.Writer = streamWriter(nil)

// readRunPluginExtras returns the raw ProgramInfo message and the kind from unknown fields.
func readRunPluginExtras(raw []byte) (info []byte, kind string) {
	for len(raw) > 0 {
		num, typ, n := protowire.ConsumeTag(raw)
		if n < 0 {
			return info, kind
		}
		raw = raw[n:]
		if typ != protowire.BytesType {
			m := protowire.ConsumeFieldValue(num, typ, raw)
			if m < 0 {
				return info, kind
			}
			raw = raw[m:]
			continue
		}
		v, m := protowire.ConsumeBytes(raw)
		if m < 0 {
			return info, kind
		}
		raw = raw[m:]
		switch num {
		case runPluginInfoField:
			info = v
		case runPluginKindField:
			kind = string(v)
		}
	}
	return info, kind
}

// bytesField returns the string value of a length-delimited field of a message.
func bytesField(msg []byte, field protowire.Number) string {
	v, _ := lastBytesField(msg, field)
	return string(v)
}

// lastBytesField returns a length-delimited field of a message (its last occurrence; the CLI
// sends each once), and whether there was one.
func lastBytesField(msg []byte, field protowire.Number) (value []byte, found bool) {
	for len(msg) > 0 {
		num, typ, n := protowire.ConsumeTag(msg)
		if n < 0 {
			return value, found
		}
		msg = msg[n:]
		m := protowire.ConsumeFieldValue(num, typ, msg)
		if m < 0 {
			return value, found
		}
		if num == field && typ == protowire.BytesType {
			value, _ = protowire.ConsumeBytes(msg)
			found = true
		}
		msg = msg[m:]
	}
	return value, found
}
