/** The CDK app: `npm run synth` / `npm run deploy` (cdk.json runs this with tsx). */
import { App } from 'aws-cdk-lib';
import { addNagChecks } from '../lib/nag';
import { StorefrontStack } from '../lib/storefront-stack';

const app = new App();
new StorefrontStack(app, 'Storefront', {
  // Environment-agnostic for the account (synth needs none); the region is fixed at synth so
  // that the CSP can name Cognito's regional endpoint.
  env: { region: process.env.CDK_DEFAULT_REGION ?? 'ap-south-1' },
});
addNagChecks(app);
