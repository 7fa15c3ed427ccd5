//go:build tools

// Package tools pins Flux's kustomize-controller in this wrapper module's go.mod;
// test/infra/build.sh builds github.com/fluxcd/kustomize-controller from here.
package tools

import _ "github.com/fluxcd/kustomize-controller"
