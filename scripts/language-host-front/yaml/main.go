// pulumi-language-yaml v1.25.0's language host (github.com/pulumi/pulumi-yaml/pkg/server) with the schema loader of
// the CLI that runs it, for the front's YAML host (scripts/ensure-language-hosts.sh yaml_front): the one
// cmd/pulumi-language-yaml builds loads plugins in its own process (server.NewLanguageHost's useRPCLoader false),
// with the sdk/v3 v3.206.0 of pulumi-yaml's go.mod, whose plugin cache name for a plugin in a git repository's
// subdirectory leaves the subdirectory out (workspace.PluginSpec.Dir); a program whose Pulumi.yaml names such a
// package (`pulumi package add <repository>.git/plugin@<tag>`) then finds nothing where the CLI v3.274.1 installed it.
// With useRPCLoader true (as pulumi-yaml's own conformance tests run it) each schema comes from the CLI's loader
// (RunRequest's loader target), which finds the plugin where it installed it. Its command line is
// cmd/pulumi-language-yaml's: -tracing, -root, -compiler (obsolete, ignored), then the engine's address.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/pulumi/pulumi-yaml/pkg/server"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

func main() {
	var tracing string
	flag.StringVar(&tracing, "tracing", "", "Emit tracing to a Zipkin-compatible tracing endpoint")
	flag.String("root", "", "Root of the program execution")
	flag.String("compiler", "", "[obsolete] Compiler to use to pre-process YAML")
	flag.Parse()
	logging.InitLogging(false, 0, false)
	cmdutil.InitTracing("pulumi-language-yaml", "pulumi-language-yaml", tracing)

	// Without the engine's address (a start-up check) nothing watches it; with it, the host stops when the engine
	// stops answering or on an interrupt.
	var engineAddress string
	var cancel chan bool
	if args := flag.Args(); len(args) > 0 {
		engineAddress = args[0]
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		cancel = make(chan bool)
		go func() {
			<-ctx.Done()
			stop()
			close(cancel)
		}()
		if err := rpcutil.Healthcheck(ctx, engineAddress, 5*time.Minute, stop); err != nil {
			cmdutil.Exit(fmt.Errorf("could not start health check host RPC server: %w", err))
		}
	}

	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancel,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, server.NewLanguageHost(engineAddress, tracing, true /* useRPCLoader */))
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("could not start language host RPC server: %w", err))
	}
	// The port first, for whoever started the host.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(fmt.Errorf("language host RPC stopped serving: %w", err))
	}
}
