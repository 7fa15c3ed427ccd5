// The Node.js version check of the CLI and `npm run synth`: one clear line instead of whatever an
// older Node fails on first (`registerHooks is not a function`). The minimum is package.json's
// `engines.node`, the one place it is written.
'use strict';
const { engines } = require('../package.json');

/** The major version package.json's `engines.node` (`>= 22.0.0`) asks for. */
const minimumMajor = () => Number(/(\d+)/.exec(engines.node)[1]);

/** The message for `version` (`v20.20.2`), or undefined when it is new enough. */
function nodeVersionProblem(version = process.version) {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  const min = minimumMajor();
  return major >= min ? undefined : `dynamo-iac needs Node >= ${min} (found ${version})`;
}

/** Prints the message and exits 1 when this Node is too old. */
function requireSupportedNode() {
  const problem = nodeVersionProblem();
  if (problem === undefined) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

module.exports = { nodeVersionProblem, requireSupportedNode };
