import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  eventsConfig,
  razorpayConfig,
  resetConfigForTests,
  tableName,
} from '../../../lambdas/config/config';

describe('configuration', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  it('reads a table name from its tables.ts variable, and names a missing one', () => {
    vi.stubEnv('ORDERS_TABLE', 'storefront-orders');
    vi.stubEnv('USERS_TABLE', '');

    expect(tableName('orders')).toBe('storefront-orders');
    expect(() => tableName('users')).toThrow(ConfigurationError);
    expect(() => tableName('users')).toThrow(/USERS_TABLE/);
  });

  it('defaults the event bus to storefront', () => {
    vi.stubEnv('EVENT_BUS_NAME', '');
    expect(eventsConfig().EVENT_BUS_NAME).toBe('storefront');
  });

  it('takes Razorpay secrets from the environment locally and names what is missing', () => {
    vi.stubEnv('RAZORPAY_SECRET_ARN', '');
    vi.stubEnv('RAZORPAY_KEY_ID', 'rzp_test_local');
    vi.stubEnv('RAZORPAY_KEY_SECRET', '');
    vi.stubEnv('RAZORPAY_WEBHOOK_SECRET', '');

    expect(() => razorpayConfig()).toThrow(/RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/);
  });

  it('uses Secrets Manager when RAZORPAY_SECRET_ARN is set', () => {
    vi.stubEnv('RAZORPAY_SECRET_ARN', 'arn:aws:secretsmanager:ap-south-1:1:secret:rzp');
    vi.stubEnv('RAZORPAY_KEY_SECRET', '');

    expect(razorpayConfig()).toMatchObject({
      source: 'secretsManager',
      secretArn: 'arn:aws:secretsmanager:ap-south-1:1:secret:rzp',
    });
  });
});
