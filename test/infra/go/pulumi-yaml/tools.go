//go:build tools

// Package tools pins the Pulumi YAML language host (github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml)
// in this wrapper module's go.mod; test/infra/build.sh builds that package from here.
package tools

import _ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
