//go:build tools

// Package tools pins the Pulumi CLI (github.com/pulumi/pulumi/pkg/v3/cmd/pulumi) in this wrapper
// module's go.mod; test/infra/build.sh builds that package from here.
package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
