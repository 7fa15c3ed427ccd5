// Wrapper module: kubectl's YAML reader, sigs.k8s.io/yaml at the version Kubernetes v1.36.3
// uses (test/infra/go/kube/go.sum), on go-yaml v2 (go.yaml.in/yaml/v2).
module dynamo-iac.test/infra/yaml-reader

go 1.26.0

require sigs.k8s.io/yaml v1.6.0

require go.yaml.in/yaml/v2 v2.4.3 // indirect
