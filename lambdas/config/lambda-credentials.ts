/**
 * The AWS SDK clients' default credentials in the deployed Lambdas: their bundles put this module in
 * place of @aws-sdk/credential-provider-node (an esbuild alias, infra/lib/constructs/sdk-bundling.ts;
 * tests and the local stack use the SDK's own chain). Lambda hands every function its role's
 * credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN),
 * which is the first place that chain looks; the rest of it (shared files, SSO, login, web
 * identity, the container and instance metadata endpoints, with the STS and SSO clients they use)
 * is about 135 KB that each cold start parsed, a third of a small function's bundle, and never ran.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** What @aws-sdk/credential-provider-node's `defaultProvider` is to a client: credentials from the environment. */
export const defaultProvider: typeof fromEnv = (init) => fromEnv(init);
