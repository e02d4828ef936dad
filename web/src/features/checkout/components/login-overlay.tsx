import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/button';
import { checkoutCopy as copy } from '../../../content/checkout';

/** Covers the checkout when nobody is logged in; both buttons come back to `returnTo`. */
export function LoginOverlay({ returnTo }: { returnTo: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const query = `?redirect=${encodeURIComponent(returnTo)}`;
  const state = { from: returnTo };
  return (
    <div className="absolute inset-0 z-30 flex items-start justify-center bg-white/70 px-4 pt-24 backdrop-blur-sm">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="checkout-login-title"
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-2xl"
      >
        <h2
          id="checkout-login-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-bold text-slate-900"
        >
          {copy.overlayTitle}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{copy.overlayBody}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <ButtonLink to={`/login${query}`} state={state} variant="primary" size="lg">
            {copy.overlayLogin}
          </ButtonLink>
          <ButtonLink to={`/signup${query}`} state={state} variant="accent" size="lg">
            {copy.overlaySignup}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
