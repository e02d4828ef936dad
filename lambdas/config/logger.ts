import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger. Never pass it a token, signature, secret, password or whole body. */
export const logger = new Logger({ serviceName: 'storefront' });
