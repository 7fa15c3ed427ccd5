// Command pulumi-language-yaml: Pulumi YAML's language host (github.com/pulumi/pulumi-yaml
// v1.25.0) with one change from the released command: it loads package schemas through the
// engine's loader (the CLI's own plugin code, v3.259.0), not through the plugin host of the
// pkg/v3 version it was built with (v3.206.0), which cannot start the current Node.js language
// host for a source-based plugin such as the `dynamo` package.
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
	var tracing, root, compiler string
	flag.StringVar(&tracing, "tracing", "", "Zipkin-compatible tracing endpoint")
	flag.StringVar(&root, "root", "", "root of the program (unused)")
	flag.StringVar(&compiler, "compiler", "", "obsolete (unused)")
	flag.Parse()
	logging.InitLogging(false, 0, false)
	cmdutil.InitTracing("pulumi-language-yaml", "pulumi-language-yaml", tracing)

	// The engine's address comes first; the host stops when the engine stops answering or on SIGINT.
	engine := ""
	var stop chan bool
	if flag.NArg() > 0 {
		engine = flag.Arg(0)
		ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
		stop = make(chan bool)
		go func() {
			<-ctx.Done()
			cancel()
			close(stop)
		}()
		if err := rpcutil.Healthcheck(ctx, engine, 5*time.Minute, cancel); err != nil {
			cmdutil.Exit(fmt.Errorf("health check of the engine: %w", err))
		}
	}

	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: stop,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, server.NewLanguageHost(engine, tracing, true /* the engine's schema loader */))
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("starting the language host: %w", err))
	}
	// The spawner reads the port from the first line.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(fmt.Errorf("language host stopped: %w", err))
	}
}
