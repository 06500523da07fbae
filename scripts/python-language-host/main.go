// pulumi-language-python as scripts/ensure-language-hosts.sh builds it: Pulumi's Python language host from sdk/v3
// v3.68.0 (the last release whose module the Go module proxy serves with the host inside), behind a small front that
// adds the code generation a current CLI asks a language host for.
//
// The Pulumi CLI v3.274.1 generates SDKs (`pulumi package gen-sdk --language python`) and import code
// (`pulumi import` in a Python project) by calling the language host's GeneratePackage and GenerateProgram, which
// the v3.68.0 host lacks. This front answers those two with Python code generation of pkg/v3 (the same version as
// the CLI, so the same code a current pulumi-language-python runs), and passes every other call, as it is, to the
// v3.68.0 host it starts beside itself (pulumi-language-python-v3.68.0, with pulumi-language-python-exec).
//
// It also hands that host what a current CLI no longer passes on the command line: `runtime.options.virtualenv` of
// the program's Pulumi.yaml (-virtualenv, relative to -root, the project directory).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	codegen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"
)

// The v3.68.0 host, beside this executable.
const innerHost = "pulumi-language-python-v3.68.0"

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-python: %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	dir := filepath.Dir(self)

	// The CLI passes the engine address last; other arguments (-tracing, ...) go to the inner host as they are.
	args := append(projectArgs(), os.Args[1:]...)
	inner := exec.Command(filepath.Join(dir, innerHost), args...)
	inner.Stderr = os.Stderr
	// The CLI kills a language host's process group; this also ends the inner host if the front dies alone.
	inner.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stdout, err := inner.StdoutPipe()
	if err != nil {
		return err
	}
	if err := inner.Start(); err != nil {
		return err
	}
	lines := bufio.NewReader(stdout)
	line, err := lines.ReadString('\n')
	if err != nil {
		return fmt.Errorf("%s did not print its port: %w", innerHost, err)
	}
	port, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		return fmt.Errorf("%s printed %q instead of its port", innerHost, line)
	}
	go func() { _, _ = io.Copy(os.Stdout, lines) }()

	conn, err := grpc.NewClient(fmt.Sprintf("127.0.0.1:%d", port),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodec(frameCodec{}), grpc.MaxCallRecvMsgSize(1<<30), grpc.MaxCallSendMsgSize(1<<30)))
	if err != nil {
		return err
	}
	defer conn.Close()

	server := grpc.NewServer(
		grpc.ForceServerCodec(frameCodec{}),
		grpc.UnknownServiceHandler(forward(conn)),
		grpc.MaxRecvMsgSize(1<<30), grpc.MaxSendMsgSize(1<<30),
	)
	server.RegisterService(&codegenDesc, &front{})
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Printf("%d\n", listener.Addr().(*net.TCPAddr).Port)

	done := make(chan error, 1)
	go func() { done <- server.Serve(listener) }()
	go func() { done <- inner.Wait() }()
	err = <-done
	server.Stop()
	_ = inner.Process.Kill()
	return err
}

// projectArgs are -root and -virtualenv from the Pulumi.yaml of the working directory (the program's), if any.
func projectArgs() []string {
	cwd, err := os.Getwd()
	if err != nil {
		return nil
	}
	path, err := workspace.DetectProjectPathFrom(cwd)
	if err != nil || path == "" {
		return nil
	}
	project, err := workspace.LoadProject(path)
	if err != nil {
		return nil
	}
	args := []string{"-root=" + filepath.Dir(path)}
	if venv, ok := project.Runtime.Options()["virtualenv"].(string); ok && venv != "" {
		args = append(args, "-virtualenv="+venv)
	}
	return args
}

// frame is a message passed on unread; frameCodec leaves frames as bytes and (un)marshals the front's own messages.
type frame struct{ data []byte }

type frameCodec struct{}

func (frameCodec) Marshal(v any) ([]byte, error) {
	if f, ok := v.(*frame); ok {
		return f.data, nil
	}
	return proto.Marshal(v.(proto.Message))
}

func (frameCodec) Unmarshal(data []byte, v any) error {
	if f, ok := v.(*frame); ok {
		f.data = append([]byte(nil), data...)
		return nil
	}
	return proto.Unmarshal(data, v.(proto.Message))
}

func (frameCodec) Name() string { return "proto" }

// forward passes a call of any method (unary or streaming) to the inner host, with its metadata, and its answer back.
func forward(conn *grpc.ClientConn) grpc.StreamHandler {
	return func(_ any, in grpc.ServerStream) error {
		method, ok := grpc.MethodFromServerStream(in)
		if !ok {
			return fmt.Errorf("no method name")
		}
		ctx, cancel := context.WithCancel(in.Context())
		defer cancel()
		if md, ok := metadata.FromIncomingContext(in.Context()); ok {
			ctx = metadata.NewOutgoingContext(ctx, md.Copy())
		}
		out, err := conn.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true, ClientStreams: true}, method)
		if err != nil {
			return err
		}
		// Requests: caller -> inner host, until the caller closes its side.
		go func() {
			for {
				f := &frame{}
				if err := in.RecvMsg(f); err != nil {
					_ = out.CloseSend()
					return
				}
				if err := out.SendMsg(f); err != nil {
					return
				}
			}
		}()
		// Answers: inner host -> caller, then its status.
		if header, err := out.Header(); err == nil {
			_ = in.SendHeader(header)
		}
		for {
			f := &frame{}
			if err := out.RecvMsg(f); err != nil {
				in.SetTrailer(out.Trailer())
				if err == io.EOF {
					return nil
				}
				return err
			}
			if err := in.SendMsg(f); err != nil {
				return err
			}
		}
	}
}

// front answers GeneratePackage and GenerateProgram; every other method reaches forward (unknown to this server).
type front struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
}

var codegenDesc = grpc.ServiceDesc{
	ServiceName: pulumirpc.LanguageRuntime_ServiceDesc.ServiceName,
	HandlerType: (*pulumirpc.LanguageRuntimeServer)(nil),
	Methods:     methods("GeneratePackage", "GenerateProgram"),
	Metadata:    pulumirpc.LanguageRuntime_ServiceDesc.Metadata,
}

func methods(names ...string) []grpc.MethodDesc {
	var found []grpc.MethodDesc
	for _, m := range pulumirpc.LanguageRuntime_ServiceDesc.Methods {
		for _, name := range names {
			if m.MethodName == name {
				found = append(found, m)
			}
		}
	}
	return found
}

func (front) GeneratePackage(
	ctx context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.Schema), &spec); err != nil {
		return nil, err
	}
	cached := schema.NewCachedLoader(loader)
	pkg, diags, err := schema.BindSpec(spec, cached, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	files, err := codegen.GeneratePackage("pulumi-language-python", pkg, req.ExtraFiles, cached)
	if err != nil {
		return nil, err
	}
	for name, data := range files {
		path := filepath.Join(req.Directory, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, data, 0o600); err != nil {
			return nil, err
		}
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
}

func (front) GenerateProgram(
	ctx context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	parser := syntax.NewParser()
	for name, source := range req.Source {
		if err := parser.ParseFile(strings.NewReader(source), name); err != nil {
			return nil, err
		}
		if parser.Diagnostics.HasErrors() {
			return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(parser.Diagnostics)}, nil
		}
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.Strict {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() || program == nil {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	files, genDiags, err := codegen.GenerateProgram(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{
		Source:      files,
		Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(append(diags, genDiags...)),
	}, nil
}
