package main

// Go: pulumi-language-go v3.66.0 (sdk/v3's go/pulumi-language-go, the last release inside the sdk/v3 module) runs
// programs; the front adds SDK generation and the runtime options a current CLI no longer passes on its command line.

import (
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// The calls the front answers for Go; every other goes to pulumi-language-go-v3.66.0.
var goAnswered = []string{"GeneratePackage"}

// The runtime options of a Go program's Pulumi.yaml that pulumi-language-go v3.66.0 reads from its command line
// (go/pulumi-language-go/main.go, parseRunParams: -binary, a prebuilt program; -buildTarget, where to build it).
var goCommandLineOptions = []string{"binary", "buildTarget"}

// goPackage is the Go SDK of pkg/v3's code generation, as a current pulumi-language-go answers GeneratePackage
// (`pulumi package gen-sdk --language go`).
func goPackage(pkg *schema.Package, req *pulumirpc.GeneratePackageRequest) (map[string][]byte, error) {
	return gogen.GeneratePackage("pulumi-language-go", pkg, req.LocalDependencies)
}
