import { useEffect, useState } from 'react';
import type { Profile } from '@domain/profile';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { LoadingText } from '../../../components/loading-text';
import { deleteAccountCopy, settingsCopy as copy } from '../../../content/account';
import { signOutEverywhereCopy, totpCopy } from '../../../content/auth';
import { AccountForm } from './account-form';
import { getProfile } from './api';
import { BillingForm } from './billing-form';
import { DeleteAccount } from './delete-account';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { SettingsSection } from './settings-section';
import { SignOutEverywhere } from './sign-out-everywhere';
import { TwoStepForm } from './two-step-form';

type LoadState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; profile: Profile };

/**
 * The dashboard's Settings tab (D19, D28): the sign-in email (changed with a code to the new
 * address), name and mobile, the password, two-step sign-in, signing out everywhere, the billing
 * details for tax invoices, and deleting the account.
 */
export function SettingsPanel({ email }: { email: string }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    getProfile().then(
      (profile) => !cancelled && setState({ status: 'ready', profile }),
      () => !cancelled && setState({ status: 'error' }),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const onSaved = (profile: Profile) => setState({ status: 'ready', profile });

  return (
    <div className="max-w-3xl space-y-6">
      <SettingsSection id="settings-account" title={copy.accountTitle} intro={copy.accountIntro}>
        {state.status === 'ready' ? (
          <>
            <EmailForm profile={state.profile} onSaved={onSaved} />
            <AccountForm profile={state.profile} onSaved={onSaved} />
          </>
        ) : state.status === 'loading' ? (
          <LoadingText className="py-4">{copy.loading}</LoadingText>
        ) : (
          <div>
            <Alert tone="error">{copy.loadFailed}</Alert>
            <Button variant="secondary" className="mt-4" onClick={() => setAttempt((n) => n + 1)}>
              {copy.retry}
            </Button>
          </div>
        )}
      </SettingsSection>

      <SettingsSection id="settings-password" title={copy.passwordTitle}>
        <PasswordForm />
      </SettingsSection>

      <SettingsSection
        id="settings-two-step"
        title={totpCopy.settingsTitle}
        intro={totpCopy.settingsIntro}
      >
        <TwoStepForm />
      </SettingsSection>

      <SettingsSection
        id="settings-sign-out-everywhere"
        title={signOutEverywhereCopy.title}
        intro={signOutEverywhereCopy.intro}
      >
        <SignOutEverywhere />
      </SettingsSection>

      {state.status === 'ready' ? (
        <SettingsSection id="settings-billing" title={copy.billingTitle} intro={copy.billingIntro}>
          <BillingForm profile={state.profile} onSaved={onSaved} />
        </SettingsSection>
      ) : null}

      <SettingsSection
        id="settings-delete"
        title={deleteAccountCopy.title}
        intro={deleteAccountCopy.intro}
      >
        <DeleteAccount email={state.status === 'ready' ? state.profile.email || email : email} />
      </SettingsSection>
    </div>
  );
}
