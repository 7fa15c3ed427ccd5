// Command etcd is a thin entry point around go.etcd.io/etcd/server/v3/etcdmain,
// built for dynamo-iac's cluster tests. See test/infra/build.sh.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() {
	etcdmain.Main(os.Args)
}
