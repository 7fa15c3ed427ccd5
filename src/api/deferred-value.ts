/**
 * A value a front end knows only at deploy time (a `pulumi.Input`), written into a manifest as a
 * token so the render core can run before it is known. Lower-case letters, digits and dashes only:
 * a valid DNS label, label value and image name, so a token passes the same validation as a typical
 * real value; a rule that judges the value itself (an image's tag) leaves it to the check that
 * re-renders with the real values (src/pulumi/rendered-graph.ts).
 */
export const DEFERRED_VALUE_TOKEN = /dynamo-iac-input-(\d+)-t/g;

/** The token that stands for the i-th deferred value. */
export const deferredValueToken = (i: number) => `dynamo-iac-input-${i}-t`;

/** Does the string hold a deferred value? */
export const hasDeferredValue = (s: string) => new RegExp(DEFERRED_VALUE_TOKEN.source).test(s);
