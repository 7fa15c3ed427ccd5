// Command kube-controller-manager is a thin entry point around the upstream command
// (k8s.io/kubernetes/cmd/kube-controller-manager/app). The test cluster runs it with only the
// garbage-collector, namespace and PVC-protection controllers, so deletes finish as in a real
// cluster. See test/infra/build.sh.
package main

import (
	"os"

	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"          // --logging-format=json
	_ "k8s.io/component-base/metrics/prometheus/clientgo" // client-go metrics
	_ "k8s.io/component-base/metrics/prometheus/version"  // version metric
	"k8s.io/kubernetes/cmd/kube-controller-manager/app"
)

func main() {
	os.Exit(cli.Run(app.NewControllerManagerCommand()))
}
