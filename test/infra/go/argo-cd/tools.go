//go:build tools

// Package tools pins Argo CD in this wrapper module's go.mod; test/infra/build.sh builds
// github.com/argoproj/argo-cd/v3/cmd from here (argocd, argocd-application-controller,
// argocd-repo-server: one binary, chosen by its name or ARGOCD_BINARY_NAME).
package tools

import _ "github.com/argoproj/argo-cd/v3/cmd"
