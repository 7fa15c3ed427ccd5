// Command kube-apiserver is a thin entry point around the upstream kube-apiserver
// command (k8s.io/kubernetes/cmd/kube-apiserver/app), built for dynamo-iac's
// cluster tests. See test/infra/build.sh.
package main

import (
	"os"

	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"          // --logging-format=json
	_ "k8s.io/component-base/metrics/prometheus/clientgo" // client-go metrics
	_ "k8s.io/component-base/metrics/prometheus/version"  // version metric
	"k8s.io/kubernetes/cmd/kube-apiserver/app"
)

func main() {
	os.Exit(cli.Run(app.NewAPIServerCommand()))
}
