/**
 * The e2e suite runs inside the node's network namespace (test/node/exec.sh sets KUBECONFIG):
 * the cluster suite's client reads the same kubeconfig.
 */
if (!process.env.KUBECONFIG) {
  throw new Error(
    'KUBECONFIG is not set: run the e2e suite with `npm run test:e2e` (or inside `bash test/node/exec.sh`)',
  );
}
process.env.DYNAMO_IAC_TEST_KUBECONFIG = process.env.KUBECONFIG;
