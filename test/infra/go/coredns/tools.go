//go:build tools

// Package tools pins CoreDNS in this wrapper module's go.mod; test/infra/build.sh (group node)
// builds github.com/coredns/coredns (its main package) from here.
package tools

import _ "github.com/coredns/coredns"
