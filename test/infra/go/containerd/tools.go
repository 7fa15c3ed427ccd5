//go:build tools

// Package tools pins containerd in this wrapper module's go.mod; test/infra/build.sh (group node)
// builds its three commands from here.
package tools

import (
	_ "github.com/containerd/containerd/v2/cmd/containerd"
	_ "github.com/containerd/containerd/v2/cmd/containerd-shim-runc-v2"
	_ "github.com/containerd/containerd/v2/cmd/ctr"
)
