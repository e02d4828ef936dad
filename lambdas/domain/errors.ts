/**
 * Business rule violations. Each carries a stable snake_case `code` (the API's error code) and a
 * sentence a buyer can read. The HTTP layer maps codes to statuses in one place.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
}

export class PlanNotFoundError extends DomainError {
  override readonly name = 'PlanNotFoundError';
  readonly code = 'plan_not_found';
  constructor(readonly planId: string) {
    super('We could not find that plan. Please choose a plan from our pricing pages.');
  }
}

export class InvalidMonthsError extends DomainError {
  override readonly name = 'InvalidMonthsError';
  readonly code = 'invalid_months';
  constructor(readonly months: unknown) {
    super('Please choose a billing period of 1, 12, 24 or 36 months.');
  }
}

export class InvalidPromoCodeError extends DomainError {
  override readonly name = 'InvalidPromoCodeError';
  readonly code = 'invalid_promo_code';
  constructor(readonly promoCode: string) {
    super('That promo code is not valid.');
  }
}

/** A promo code on a renewal: codes are for new purchases only (docs/decisions.md D14). */
export class PromoNotForRenewalError extends DomainError {
  override readonly name = 'PromoNotForRenewalError';
  readonly code = 'invalid_promo_code';
  constructor(readonly promoCode: string) {
    super('Promo codes apply to new purchases only.');
  }
}
