import { Logger } from '@aws-lambda-powertools/logger';
import { SERVICE_NAME } from '../system/facts';

/** One structured JSON logger. Never pass it a token, signature, secret, password or whole body. */
export const logger = new Logger({ serviceName: SERVICE_NAME });
