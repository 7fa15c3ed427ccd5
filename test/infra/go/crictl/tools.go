//go:build tools

// Package tools pins cri-tools in this wrapper module's go.mod; test/infra/build.sh (group node)
// builds sigs.k8s.io/cri-tools/cmd/crictl from here.
package tools

import _ "sigs.k8s.io/cri-tools/cmd/crictl"
