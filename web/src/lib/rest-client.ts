/**
 * Amplify's REST functions, re-exported statically so that the bundler keeps only them (a
 * namespace from a dynamic import would pull in the whole API category, GraphQL included).
 * Imported dynamically by the API client only.
 */
export { del, get, post, put } from 'aws-amplify/api';
