/**
 * Entry point of `cdk8s synth` (see cdk8s.yaml): writes the example app to dist/ as a layered
 * GitOps repository (crds/, platform/, graphs/<namespace>/<graph>/, flux/; docs/gitops-flux.md).
 */
import { DynamoGitOpsApp } from '../src';
import { buildExampleApp } from './app';
import { addExampleGitOps } from './gitops';

addExampleGitOps(buildExampleApp(new DynamoGitOpsApp())).synth();
