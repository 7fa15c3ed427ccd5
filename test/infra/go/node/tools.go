//go:build tools

// Package tools pins the node's Kubernetes commands in this wrapper module's go.mod;
// test/infra/build.sh (group node) builds each k8s.io/kubernetes/cmd/<name> from here.
package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-proxy"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
	_ "k8s.io/kubernetes/cmd/kubectl"
	_ "k8s.io/kubernetes/cmd/kubelet"
)
