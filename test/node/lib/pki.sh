# Certificates and kubeconfigs (sourced by node.sh). ECDSA P-256 keys. The CA and certificates are
# kept in <cache>/node/pki and reused while they are valid for another day and were made for the
# same names (on a busy 2-core machine, making them takes ~2 s of the start); each run copies them
# into its run dir and writes its kubeconfigs from them.

# The client identities: kubeconfig name, then the certificate subject (CN = user, O = group).
# The names are what Kubernetes' bootstrap RBAC (and the Node authorizer) expect.
pki_clients=(
  "admin|/O=system:masters/CN=dynamo-iac-admin"
  "apiserver-kubelet-client|/O=system:masters/CN=kube-apiserver-kubelet-client"
  "controller-manager|/O=system:masters/CN=system:kube-controller-manager" # see node.sh (no per-controller accounts)
  "scheduler|/CN=system:kube-scheduler"
  "kubelet|/O=system:nodes/CN=system:node:$NODE_NAME"
  "kube-proxy|/CN=system:kube-proxy"
  "coredns|/CN=dynamo-iac:coredns"
)

pki_openssl_cnf() {
  cat << EOF
[req]
distinguished_name = dn
prompt = no
[dn]
[ca]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign,digitalSignature
subjectKeyIdentifier = hash
[server]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
# In-cluster clients use the kubernetes Service (its ClusterIP and DNS names); the rest 127.0.0.1.
subjectAltName = DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.$CLUSTER_DOMAIN,IP:127.0.0.1,IP:$NODE_IP,IP:$API_SERVICE_IP
[client]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EOF
}

# pki_leaf <dir> <name> <subject> <extension section>
pki_leaf() {
  local d="$1"
  shift
  openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$d/$1.key" -out "$d/$1.csr" \
    -subj "$2" -config "$d/openssl.cnf" 2> /dev/null
  openssl x509 -req -in "$d/$1.csr" -CA "$d/ca.crt" -CAkey "$d/ca.key" -set_serial "0x$(openssl rand -hex 8)" -days 7 -sha256 \
    -extfile "$d/openssl.cnf" -extensions "$3" -out "$d/$1.crt" 2> /dev/null
  rm -f "$d/$1.csr"
}

# kubeconfig <name>: $run/<name>.kubeconfig for the client certificate <name>, certificates embedded.
pki_kubeconfig() {
  local d="$run/pki"
  cat > "$run/$1.kubeconfig" << EOF
apiVersion: v1
kind: Config
clusters:
- name: $NETNS
  cluster:
    server: https://127.0.0.1:$API_PORT
    certificate-authority-data: $(base64 -w0 < "$d/ca.crt")
users:
- name: $1
  user:
    client-certificate-data: $(base64 -w0 < "$d/$1.crt")
    client-key-data: $(base64 -w0 < "$d/$1.key")
contexts:
- name: $NETNS
  context:
    cluster: $NETNS
    user: $1
current-context: $NETNS
EOF
  chmod 600 "$run/$1.kubeconfig"
}

# What the cached certificates were made from: reused only while this is unchanged.
pki_spec() {
  pki_openssl_cnf
  printf '%s\n' "${pki_clients[@]}"
}

pki_generate() {
  local d="$node_cache/pki" entry
  if [[ -f $d/done ]] && pki_spec | cmp -s - "$d/spec" &&
    openssl x509 -checkend 86400 -noout -in "$d/apiserver.crt" > /dev/null 2>&1; then
    pki_install
    return 0
  fi
  rm -rf "$d"
  mkdir -p "$d"
  chmod 700 "$d"
  pki_openssl_cnf > "$d/openssl.cnf"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$d/ca.key" -out "$d/ca.crt" \
    -days 7 -sha256 -subj "/CN=$NETNS-ca" -config "$d/openssl.cnf" -extensions ca 2> /dev/null
  local jobs=()
  pki_leaf "$d" apiserver /CN=kube-apiserver server &
  jobs+=($!)
  for entry in "${pki_clients[@]}"; do
    pki_leaf "$d" "${entry%%|*}" "${entry#*|}" client &
    jobs+=($!)
  done
  # The service-account token signing key (the API server signs, the controller manager too).
  openssl ecparam -name prime256v1 -genkey -noout 2> /dev/null | openssl pkcs8 -topk8 -nocrypt -out "$d/sa.key"
  openssl ec -in "$d/sa.key" -pubout -out "$d/sa.pub" 2> /dev/null
  wait "${jobs[@]}" || true
  for entry in apiserver "${pki_clients[@]}"; do
    [[ -s "$d/${entry%%|*}.crt" ]] || die "openssl did not make the ${entry%%|*} certificate"
  done
  pki_spec > "$d/spec"
  touch "$d/done"
  pki_install
}

# The run's copy of the certificates, and a kubeconfig per client.
pki_install() {
  local entry
  cp -a "$node_cache/pki" "$run/pki"
  for entry in "${pki_clients[@]}"; do pki_kubeconfig "${entry%%|*}"; done
}
