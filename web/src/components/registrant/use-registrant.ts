import { useCallback, useState } from 'react';
import { checkoutCopy as copy } from '../../content/checkout';
import { ApiError } from '../../lib/api';
import { saveRegistrantDetails } from './profile-api';
import type { RegistrantChoice } from './registrant-details';

/**
 * The side of a new domain's registrant (D23) that holds what the section reports: the checkout's,
 * before paying, and a card's "Choose your domain", before the name is sent. `save` saves what the
 * profile lacked and answers whether paying (or sending the name) may go on; when not, `error`
 * says why (the section's own problem, or the server's refusal of the details).
 */
export function useRegistrant(wanted: boolean) {
  const [choice, setChoice] = useState<RegistrantChoice>({});
  const [error, setError] = useState<string | null>(null);
  const onChange = useCallback((next: RegistrantChoice) => {
    setChoice(next);
    if (!next.problem) setError(null);
  }, []);
  const save = useCallback(async (): Promise<boolean> => {
    if (!wanted) return true;
    if (choice.problem) {
      setError(choice.problem);
      return false;
    }
    if (!choice.update) return true;
    try {
      await saveRegistrantDetails(choice.update);
      return true;
    } catch (refusal) {
      setError(refusal instanceof ApiError ? refusal.message : copy.registrantSaveFailed);
      return false;
    }
  }, [wanted, choice]);
  return {
    wanted,
    choice: wanted ? choice : {},
    error: wanted ? error : null,
    onChange,
    save,
  };
}
