/** Entry point of `cdk8s synth` (see cdk8s.yaml): writes the example app to dist/. */
import { App } from 'cdk8s';
import { buildExampleApp } from './app';

buildExampleApp(new App()).synth();
