// What Pulumi infers the `dynamo` package's schema from (the components and their args, with
// their doc comments); the provider itself runs from package.json's `main`.
export * from '../lib/pulumi/multi-language';
