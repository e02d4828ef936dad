import { describe, expect, it } from 'vitest';
import { returnTarget, toE164 } from '../../../web/src/features/auth/validation';

describe('toE164', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['098765-43210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['+14155550123', '+14155550123'],
  ])('%s → %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(['12345', '1234567890', 'phone', '+0123'])('rejects %s', (input) => {
    expect(toE164(input)).toBeNull();
  });
});

describe('returnTarget', () => {
  it('prefers ?redirect=, then the state the checkout passed, then /dashboard', () => {
    expect(
      returnTarget(new URLSearchParams('redirect=/checkout?plan=x'), { from: '/pricing' }),
    ).toBe('/checkout?plan=x');
    expect(returnTarget(new URLSearchParams(), { from: '/checkout?plan=y' })).toBe(
      '/checkout?plan=y',
    );
    expect(returnTarget(new URLSearchParams(), null)).toBe('/dashboard');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses %s',
    (redirect) => {
      expect(returnTarget(new URLSearchParams({ redirect }), null)).toBe('/dashboard');
    },
  );
});
