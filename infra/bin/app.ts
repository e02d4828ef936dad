/** The CDK app: `npm run synth` / `npm run deploy` (cdk.json runs this with tsx). */
import { createStorefrontApp } from '../lib/app';

// The region is the `region` context (cdk.json: ap-south-1), never the CLI's default region.
createStorefrontApp();
