//go:build tools

// Package tools pins the kustomize CLI in this wrapper module's go.mod; test/infra/build.sh builds
// sigs.k8s.io/kustomize/kustomize/v5 from here (what `kubectl kustomize` runs, for the README check).
package tools

import _ "sigs.k8s.io/kustomize/kustomize/v5"
