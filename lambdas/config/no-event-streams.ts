/**
 * What the deployed bundles put in place of @smithy/core/event-streams (an esbuild alias,
 * infra/lib/constructs/sdk-bundling.ts; tests and the local stack use the real module). The SDK
 * loads it only for an operation that streams events, and none of the storefront's calls does
 * (DynamoDB, EventBridge, SES, Secrets Manager, Cognito); bundled, it is about 19 KB that each cold
 * start parsed for nothing. Should a call ever need it, it fails at once and says why.
 */
function eventStreamsLeftOut(): never {
  throw new Error(
    "This Lambda's bundle leaves out the AWS SDK's event streams (infra/lib/constructs/sdk-bundling.ts): drop the @smithy/core/event-streams alias there to call an operation that streams events.",
  );
}

export class EventStreamSerde {
  constructor() {
    eventStreamsLeftOut();
  }
}

export const eventStreamSerdeProvider = (): never => eventStreamsLeftOut();

/**
 * The S3 client (object storage, D24) resolves its event-stream settings when it is made, for
 * SelectObjectContent alone, which no call here makes: the settings pass through unchanged, and
 * the marshaller stays absent (an operation that needs it fails as above).
 */
export const resolveEventStreamSerdeConfig = <T>(input: T): T => input;
