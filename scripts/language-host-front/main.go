// The language hosts scripts/ensure-language-hosts.sh builds, pulumi-language-python, pulumi-language-nodejs and
// pulumi-language-go (and the addition of the yaml one below):
// Pulumi's hosts from sdk/v3 v3.68.0 (Python, Node.js) and v3.66.0 (Go), the last releases whose module the Go module
// proxy serves with those hosts inside, each behind this small front, which adds what a current CLI asks of a
// language host and those lack. One program for all: which language it fronts is in its name
// (pulumi-language-<language>), and it starts the older host of that language beside itself
// (pulumi-language-<language>-<version>) and passes every call it does not answer, as it is, to that host.
//
// Python: the Pulumi CLI v3.274.1 generates SDKs (`pulumi package gen-sdk --language python`, `pulumi package add`)
// and import code (`pulumi import` in a Python project) by calling GeneratePackage and GenerateProgram, answered here
// with Python code generation of pkg/v3 (the same version as the CLI, so the same code a current
// pulumi-language-python writes), and `pulumi package add` records the generated SDK in the program with Link. The
// front also hands the host what a current CLI no longer passes on the command line: `runtime.options.virtualenv`
// of the program's Pulumi.yaml (-virtualenv, relative to -root, the project directory).
//
// Node.js: a plugin written in Node.js (a directory with PulumiPlugin.yaml, `runtime: nodejs`, as `pulumi package
// add <path>` and `packages:` in Pulumi.yaml name one) is started by the host's RunPlugin, which the v3.68.0 host
// answers "not supported". It is answered here as a current pulumi-language-nodejs does: node runs
// @pulumi/pulumi/cmd/run-plugin, resolved from the plugin's directory, on that directory. `pulumi package add` in a
// Node.js program asks the host for the SDK (GeneratePackage: pkg/v3's Node.js code generation, a local SDK that
// compiles itself with tsc when installed) and to name it in the program's package.json (Link: a `file:` dependency
// written by the program's package manager, as sdk/v3's nodejs/npm writes it); the CLI then has the v3.68.0 host
// install the program's dependencies (npm install).
//
// YAML (pulumi-language-yaml v1.25.0 beside it, as pulumi-language-yaml-v1.25.0): Link, which `pulumi package add`
// calls last and that host answers "not implemented".
//
// Go (pulumi-language-go-v3.66.0 beside it): GeneratePackage with pkg/v3's Go code generation, for `pulumi package
// gen-sdk --language go` and `pulumi package add` (an SDK with a go.mod of its own), Link (go.mod's require and
// replace of that SDK's module; the CLI then has the v3.66.0 host run `go mod tidy`), and the runtime options of the
// program's Pulumi.yaml that the v3.66.0 host takes on its command line (binary, buildTarget), which a current CLI
// no longer passes there.
//
// Java (pulumi-language-java-v1.13.0 beside it, which generates the SDK itself): Link, which that host lacks and
// `pulumi package add` calls after GeneratePackage: what pulumi-java's own Link tells its user to do by hand, done.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	nodegen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	codegen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/fsutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/nodejs/npm"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"golang.org/x/mod/modfile"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"
)

// The versions of the hosts this fronts: pulumi-language-<language>-<version>, beside this executable.
var innerVersions = map[string]string{
	"python": "v3.68.0", "nodejs": "v3.68.0", "go": "v3.66.0", "yaml": "v1.25.0", "java": "v1.13.0",
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(os.Args[0]), err)
		os.Exit(1)
	}
}

func run() error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	dir := filepath.Dir(self)
	language := strings.TrimPrefix(filepath.Base(self), "pulumi-language-")
	added, ok := answered[language]
	if !ok {
		return fmt.Errorf("serves as pulumi-language-python, -nodejs, -yaml, -go or -java, not %s", filepath.Base(self))
	}

	options := []grpc.ServerOption{grpc.ForceServerCodec(frameCodec{}), grpc.MaxRecvMsgSize(1 << 30), grpc.MaxSendMsgSize(1 << 30)}
	done := make(chan error, 2)
	conn, wait, err := startInner(dir, language)
	if err != nil {
		return err
	}
	defer conn.Close()
	options = append(options, grpc.UnknownServiceHandler(forward(conn)))
	go func() { done <- wait() }()
	server := grpc.NewServer(options...)
	server.RegisterService(&grpc.ServiceDesc{
		ServiceName: pulumirpc.LanguageRuntime_ServiceDesc.ServiceName,
		HandlerType: (*pulumirpc.LanguageRuntimeServer)(nil),
		Methods:     methods(added...),
		Streams:     streams(added...),
		Metadata:    pulumirpc.LanguageRuntime_ServiceDesc.Metadata,
	}, &front{language: language})
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Printf("%d\n", listener.Addr().(*net.TCPAddr).Port)
	go func() { done <- server.Serve(listener) }()
	err = <-done
	server.Stop()
	return err
}

// startInner starts the v3.68.0 host of the language beside this executable and connects to it; wait ends with it
// (and ends it, if the front goes first).
func startInner(dir, language string) (*grpc.ClientConn, func() error, error) {
	innerHost := fmt.Sprintf("pulumi-language-%s-%s", language, innerVersions[language])
	// The CLI passes the engine address last; other arguments (-tracing, ...) go to the inner host as they are.
	args := os.Args[1:]
	if options, ok := commandLineOptions[language]; ok {
		args = append(projectArgs(options), args...)
	}
	inner := exec.Command(filepath.Join(dir, innerHost), args...)
	inner.Stderr = os.Stderr
	// The CLI kills a language host's process group; this also ends the inner host if the front dies alone.
	inner.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stdout, err := inner.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := inner.Start(); err != nil {
		return nil, nil, err
	}
	lines := bufio.NewReader(stdout)
	line, err := lines.ReadString('\n')
	if err != nil {
		return nil, nil, fmt.Errorf("%s did not print its port: %w", innerHost, err)
	}
	port, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		return nil, nil, fmt.Errorf("%s printed %q instead of its port", innerHost, line)
	}
	go func() { _, _ = io.Copy(os.Stdout, lines) }()
	conn, err := grpc.NewClient(fmt.Sprintf("127.0.0.1:%d", port),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodec(frameCodec{}), grpc.MaxCallRecvMsgSize(1<<30), grpc.MaxCallSendMsgSize(1<<30)))
	if err != nil {
		_ = inner.Process.Kill()
		return nil, nil, err
	}
	return conn, inner.Wait, nil
}

// The runtime options of Pulumi.yaml (`runtime.options`) that the inner host of a language reads from its command
// line, as -<option>=<value>, beside -root: what the CLI passed before it passed them in each request instead.
var commandLineOptions = map[string][]string{
	"python": {"virtualenv"},
	// pulumi-language-go v3.66.0 (go/pulumi-language-go/main.go, parseRunParams): -binary, a prebuilt program;
	// -buildTarget, where to build it.
	"go": {"binary", "buildTarget"},
}

// projectArgs are -root and the given runtime options from the Pulumi.yaml of the working directory (the
// program's), if any.
func projectArgs(options []string) []string {
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
	for _, option := range options {
		if value, ok := project.Runtime.Options()[option].(string); ok && value != "" {
			args = append(args, "-"+option+"="+value)
		}
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

// The methods the front answers for each language; every other method reaches forward (unknown to this server).
var answered = map[string][]string{
	"python": {"GeneratePackage", "GenerateProgram", "Link"},
	"nodejs": {"RunPlugin", "GeneratePackage", "Link"},
	"go":     {"GeneratePackage", "Link"},
	"java":   {"Link"},
	// pulumi-yaml v1.25.0 answers Link "not implemented", which ends `pulumi package add` in a YAML project.
	"yaml": {"Link"},
}

type front struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	language string
}

func methods(names ...string) []grpc.MethodDesc {
	var found []grpc.MethodDesc
	for _, m := range pulumirpc.LanguageRuntime_ServiceDesc.Methods {
		if slices.Contains(names, m.MethodName) {
			found = append(found, m)
		}
	}
	return found
}

func streams(names ...string) []grpc.StreamDesc {
	var found []grpc.StreamDesc
	for _, s := range pulumirpc.LanguageRuntime_ServiceDesc.Streams {
		if slices.Contains(names, s.StreamName) {
			found = append(found, s)
		}
	}
	return found
}

// Link records generated Python SDKs in the program's requirements.txt, as a path pip installs (what the current
// host does for a pip project), so that `pulumi install` and the program's virtualenv get them; Node.js SDKs in its
// package.json (linkNodejs), Go SDKs in its go.mod (linkGo), Java SDKs in its sources and pom.xml (linkJava). A YAML
// program names a package's resources by their tokens: there is nothing to link.
func (f front) Link(ctx context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	switch f.language {
	case "yaml":
		return &pulumirpc.LinkResponse{}, nil
	case "nodejs":
		return linkNodejs(ctx, req)
	case "go":
		return linkGo(req)
	case "java":
		return linkJava(req)
	}
	root := req.GetInfo().GetRootDirectory()
	file := filepath.Join(root, "requirements.txt")
	text, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	lines := strings.Split(strings.TrimRight(string(text), "\n"), "\n")
	var instructions []string
	for _, dep := range req.GetPackages() {
		path := dep.GetPath()
		if filepath.IsAbs(path) {
			if rel, err := filepath.Rel(root, path); err == nil {
				path = rel
			}
		}
		if !strings.HasPrefix(path, ".") && !filepath.IsAbs(path) {
			path = "./" + path
		}
		if !slices.Contains(lines, path) {
			lines = append(lines, path)
		}
		name := strings.ReplaceAll(dep.GetPackage().GetName(), "-", "_")
		instructions = append(instructions, fmt.Sprintf("import pulumi_%s as %s", name, name))
	}
	if len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		return nil, err
	}
	return &pulumirpc.LinkResponse{
		ImportInstructions: "Run `pulumi install` (or pip install -r requirements.txt) and use it as\n\n  " +
			strings.Join(instructions, "\n  ") + "\n",
	}, nil
}

// linkNodejs names each generated Node.js SDK in the program's package.json as `"<its package.json name>":
// "file:<its path>"`, with the package manager the program's runtime options name (`packagemanager`) or its lock
// file shows (sdk/v3's npm.ResolvePackageManager and PackageManager.Link, which also allow the SDK's install
// script, the tsc build of a local SDK, where npm asks for that). The name is the one the SDK's code generation wrote
// (schema.json's language.nodejs.packageName), read from the SDK itself.
func linkNodejs(ctx context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	dir := req.GetInfo().GetProgramDirectory()
	manager := ""
	if options := req.GetInfo().GetOptions(); options != nil {
		manager, _ = options.AsMap()["packagemanager"].(string)
	}
	pm, err := npm.ResolvePackageManager(npm.PackageManagerType(manager), dir)
	if err != nil {
		return nil, err
	}
	// Module syntax where the program is TypeScript (a tsconfig.json), require otherwise.
	_, tsErr := os.Stat(filepath.Join(dir, "tsconfig.json"))
	var imports []string
	for _, dep := range req.GetPackages() {
		manifest, err := os.ReadFile(filepath.Join(req.GetInfo().GetRootDirectory(), dep.GetPath(), "package.json"))
		if err != nil {
			return nil, fmt.Errorf("the generated SDK of %s: %w", dep.GetPackage().GetName(), err)
		}
		var sdk struct {
			Name string `json:"name"`
		}
		if err := json.Unmarshal(manifest, &sdk); err != nil || sdk.Name == "" {
			return nil, fmt.Errorf("the generated SDK of %s has no package name in its package.json", dep.GetPackage().GetName())
		}
		if err := pm.Link(ctx, dir, sdk.Name, dep.GetPath()); err != nil {
			return nil, err
		}
		name := dep.GetPackage().GetName()
		if tsErr == nil {
			imports = append(imports, fmt.Sprintf("import * as %s from %q;", name, sdk.Name))
		} else {
			imports = append(imports, fmt.Sprintf("const %s = require(%q);", name, sdk.Name))
		}
	}
	return useAs(imports), nil
}

// useAs is a Link's answer that shows the program's import lines for the linked SDKs.
func useAs(imports []string) *pulumirpc.LinkResponse {
	return &pulumirpc.LinkResponse{ImportInstructions: "Use it in your program as\n\n  " + strings.Join(imports, "\n  ") + "\n"}
}

// linkGo has the program's go.mod require each generated Go SDK's module at the package's version and replace it with
// the SDK's directory, as the go.mod files a current pulumi-language-go links show (its conformance tests' expected
// projects, sdk/go/pulumi-language-go/testdata/local/projects/*/go.mod: `require <module> v<version>`, `replace
// <module> => <the SDK's directory>`); the directory relative to the program, as the other links here write it. The
// module is the one the SDK's own go.mod declares (pkg/v3's codegen/go writes one for `pulumi package add`, its path
// from ModuleAndImportPath), the import path that module's directory holding pulumi-plugin.json (the package's root,
// where codegen/go writes it).
func linkGo(req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	dir := req.GetInfo().GetProgramDirectory()
	file := filepath.Join(dir, "go.mod")
	stat, err := os.Stat(file)
	if err != nil {
		return nil, fmt.Errorf("a Go program's packages are linked in its go.mod: %w", err)
	}
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	mod, err := modfile.Parse(file, text, nil)
	if err != nil {
		return nil, err
	}
	var imports []string
	for _, dep := range req.GetPackages() {
		sdk := filepath.Join(req.GetInfo().GetRootDirectory(), dep.GetPath())
		sdkModFile := filepath.Join(sdk, "go.mod")
		sdkText, err := os.ReadFile(sdkModFile)
		if err != nil {
			return nil, fmt.Errorf("the generated SDK of %s: %w", dep.GetPackage().GetName(), err)
		}
		module := modfile.ModulePath(sdkText)
		if module == "" {
			return nil, fmt.Errorf("the generated SDK of %s declares no module in %s", dep.GetPackage().GetName(), sdkModFile)
		}
		// Any version does under a replace directive; the package's own says which one this is.
		version := "v0.0.0"
		if v := dep.GetPackage().GetVersion(); v != "" {
			version = "v" + strings.TrimPrefix(v, "v")
		}
		local, err := filepath.Rel(dir, sdk)
		if err != nil {
			return nil, err
		}
		// go.mod takes a path that starts with ./ or ../ as a directory, anything else as a module.
		if local != ".." && !strings.HasPrefix(local, ".."+string(filepath.Separator)) {
			local = "." + string(filepath.Separator) + local
		}
		if err := mod.AddRequire(module, version); err != nil {
			return nil, err
		}
		if err := mod.AddReplace(module, "", local, ""); err != nil {
			return nil, err
		}
		root, err := packageRootOf(sdk)
		if err != nil {
			return nil, fmt.Errorf("the generated SDK of %s: %w", dep.GetPackage().GetName(), err)
		}
		// The Go package there is named as its directory (codegen/go's goPackage of the package's name).
		imports = append(imports, fmt.Sprintf("import %s %q", path.Base(root), path.Join(module, root)))
	}
	mod.Cleanup()
	formatted, err := mod.Format()
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(file, formatted, stat.Mode().Perm()); err != nil {
		return nil, err
	}
	return useAs(imports), nil
}

// packageRootOf is the directory of a generated Go SDK, relative to it and slash-separated, that holds its
// pulumi-plugin.json.
func packageRootOf(sdk string) (string, error) {
	var found []string
	err := filepath.WalkDir(sdk, func(file string, entry os.DirEntry, err error) error {
		if err == nil && entry.Name() == "pulumi-plugin.json" {
			rel, relErr := filepath.Rel(sdk, filepath.Dir(file))
			found = append(found, filepath.ToSlash(rel))
			return relErr
		}
		return err
	})
	if err != nil {
		return "", err
	}
	if len(found) != 1 {
		return "", fmt.Errorf("%d pulumi-plugin.json files in %s, one expected", len(found), sdk)
	}
	return found[0], nil
}

// The libraries generated Java code compiles against (pulumi-java's codegen/java/package_info.go,
// WithDefaultDependencies: gson for JsonElement, jsr305 for Nullable), which Pulumi's Java runtime (com.pulumi:pulumi)
// brings only at runtime scope; pulumi-java's Link names these versions.
var javaSdkDependencies = []struct{ group, artifact, version string }{
	{"com.google.code.findbugs", "jsr305", "3.0.2"},
	{"com.google.code.gson", "gson", "2.8.9"},
}

// linkJava does what pulumi-java's Link (pkg/cmd/pulumi-language-java/main.go) tells its user to do by hand for each
// generated Java SDK, which is sources only for `pulumi package add` (codegen/java GeneratePackage writes no build
// files for a local SDK): the SDK's src/ copied into the program's src/, and the libraries its code compiles against
// named in pom.xml's dependencies (those the pom names already left as they are). A program without pom.xml (Gradle)
// is told what to add to its build file.
func linkJava(req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	dir := req.GetInfo().GetProgramDirectory()
	var names []string
	for _, dep := range req.GetPackages() {
		sdk := filepath.Join(req.GetInfo().GetRootDirectory(), dep.GetPath(), "src")
		// As `cp -r`: files of an earlier add are overwritten.
		if err := fsutil.CopyFile(filepath.Join(dir, "src"), sdk, nil); err != nil {
			return nil, fmt.Errorf("copying the generated SDK of %s into the program's src: %w", dep.GetPackage().GetName(), err)
		}
		names = append(names, dep.GetPackage().GetName())
	}
	done := fmt.Sprintf("The sources of the generated SDK of %s are in src/.", strings.Join(names, ", "))
	pom := filepath.Join(dir, "pom.xml")
	added, err := addPomDependencies(pom)
	if os.IsNotExist(err) {
		var lines []string
		for _, dep := range javaSdkDependencies {
			lines = append(lines, fmt.Sprintf("implementation(\"%s:%s:%s\")", dep.group, dep.artifact, dep.version))
		}
		return &pulumirpc.LinkResponse{ImportInstructions: done + " Add to your build file's dependencies:\n\n  " +
			strings.Join(lines, "\n  ") + "\n"}, nil
	}
	if err != nil {
		return nil, err
	}
	if len(added) > 0 {
		done += " pom.xml now depends on " + strings.Join(added, " and ") + "."
	}
	return &pulumirpc.LinkResponse{ImportInstructions: done + "\n"}, nil
}

// addPomDependencies adds javaSdkDependencies that the project's own <dependencies> (project/dependencies, not those
// of dependencyManagement or of a plugin) lacks, before its end tag, or a <dependencies> of its own before the
// project's end tag; the rest of the file stays as it was written. It answers the coordinates it added.
func addPomDependencies(file string) ([]string, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	decoder := xml.NewDecoder(bytes.NewReader(text))
	var stack []string
	named := map[string]bool{}
	var group, artifact string
	insertAt, projectEnd := -1, -1
	for {
		offset := int(decoder.InputOffset())
		token, err := decoder.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		switch t := token.(type) {
		case xml.StartElement:
			stack = append(stack, t.Name.Local)
		case xml.CharData:
			switch strings.Join(stack, "/") {
			case "project/dependencies/dependency/groupId":
				group = strings.TrimSpace(string(t))
			case "project/dependencies/dependency/artifactId":
				artifact = strings.TrimSpace(string(t))
			}
		case xml.EndElement:
			switch strings.Join(stack, "/") {
			case "project/dependencies/dependency":
				named[group+":"+artifact] = true
				group, artifact = "", ""
			case "project/dependencies":
				insertAt = offset
			case "project":
				projectEnd = offset
			}
			stack = stack[:len(stack)-1]
		}
	}
	if projectEnd < 0 {
		return nil, fmt.Errorf("%s has no <project>", file)
	}
	var block strings.Builder
	var added []string
	for _, dep := range javaSdkDependencies {
		if named[dep.group+":"+dep.artifact] {
			continue
		}
		fmt.Fprintf(&block, "        <dependency>\n            <groupId>%s</groupId>\n            <artifactId>%s</artifactId>\n"+
			"            <version>%s</version>\n        </dependency>\n", dep.group, dep.artifact, dep.version)
		added = append(added, dep.group+":"+dep.artifact+":"+dep.version)
	}
	if len(added) == 0 {
		return nil, nil
	}
	insert := block.String()
	if insertAt < 0 {
		insertAt, insert = projectEnd, "    <dependencies>\n"+insert+"    </dependencies>\n"
	}
	// The end tag's own line: what goes before it starts a line of its own.
	lineStart := bytes.LastIndexByte(text[:insertAt], '\n') + 1
	if strings.TrimSpace(string(text[lineStart:insertAt])) == "" {
		insertAt = lineStart
	} else {
		insert = "\n" + insert
	}
	stat, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	out := append(append(append([]byte(nil), text[:insertAt]...), insert...), text[insertAt:]...)
	return added, os.WriteFile(file, out, stat.Mode().Perm())
}

// RunPlugin runs a Node.js plugin directory as a current pulumi-language-nodejs does: `node
// <@pulumi/pulumi/cmd/run-plugin of the plugin's own dependencies> <directory> <args>` in the CLI's working
// directory, its output streamed back; run-plugin loads the directory's package.json main.
func (front) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	dir := req.GetInfo().GetProgramDirectory()
	if dir == "" {
		dir = req.GetProgram()
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return err
	}
	located, err := exec.Command(node, "-p",
		"require.resolve('@pulumi/pulumi/cmd/run-plugin', { paths: [process.argv[1]] })", dir).Output()
	if err != nil {
		return fmt.Errorf("@pulumi/pulumi/cmd/run-plugin not found from %s: %w", dir, err)
	}
	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()
	cmd := exec.CommandContext(server.Context(), node, append([]string{strings.TrimSpace(string(located)), dir}, req.GetArgs()...)...)
	cmd.Dir = req.GetPwd()
	cmd.Env = req.GetEnv()
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("plugin %s: %w", dir, err)
	}
	return closer.Close()
}

func (f front) GeneratePackage(
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
	var files map[string][]byte
	switch f.language {
	case "go":
		files, err = gogen.GeneratePackage("pulumi-language-go", pkg, req.LocalDependencies)
	case "nodejs":
		// Local (`pulumi package add`): TypeScript sources and a postinstall script that compiles them with tsc.
		files, err = nodegen.GeneratePackage("pulumi-language-nodejs", pkg, req.ExtraFiles, req.LocalDependencies, req.Local, cached)
	default:
		files, err = codegen.GeneratePackage("pulumi-language-python", pkg, req.ExtraFiles, cached)
	}
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
