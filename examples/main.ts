/**
 * Entry point of `cdk8s synth` (see cdk8s.yaml): writes the example app to dist/ as a layered
 * GitOps repository (crds/, platform/, graphs/<namespace>/<graph>/, flux/; docs/gitops-flux.md),
 * then says in one line what it wrote.
 */
import * as path from 'path';
import { DynamoGitOpsApp } from '../src';
import { buildExampleApp } from './app';
import { addExampleGitOps } from './gitops';

const app = addExampleGitOps(buildExampleApp(new DynamoGitOpsApp()));
const layout = app.gitOpsLayout();
const result = app.synthGitOps();
// Every file but the kustomization.yaml of each directory holds one object.
const objects = layout.files.filter((f) => path.basename(f.path) !== 'kustomization.yaml').length;
const changed = result.written.length + result.removed.length;
process.stderr.write(
  `wrote ${objects} objects in ${layout.files.length} files under ${path.relative(process.cwd(), app.outdir) || '.'}/ (${changed ? `${changed} changed` : 'unchanged'})\n`,
);
