/**
 * What a bundle's checkout asks for its parts (D24), checked before any Razorpay order exists:
 * the name its domain part registers (format and extension as a domain search checks them, then
 * free at the registrar) and, for a bundle with a VPS, the OS, hostname and SSH keys exactly as a
 * VPS checkout takes them (lambdas/domain/vps-choice.ts). A renewal asks for neither: its parts
 * were chosen with the first purchase.
 */
import { CATALOG } from '../domain/catalog';
import { vpsChoiceCategoryOf } from '../domain/bundle-parts';
import type { Plan } from '../domain/plan';
import {
  freeDomainNotOffered,
  registerDomainOf,
  RegisterDomainTakenError,
} from '../domain/register-domain';
import { vpsChoiceOf, type VpsChoiceInput } from '../domain/vps-choice';
import type { Registrar } from '../ports/registrar';
import { sshKeysParserFor } from './ssh-keys-on-demand';

export interface BundleCheckoutDeps {
  /** Asked whether the name is free; without it (tests), the name's format alone is checked. */
  registrar?: Pick<Registrar, 'availability'>;
}

export interface PartChoices {
  registerDomain?: string;
  vps?: ReturnType<typeof vpsChoiceOf>;
}

/** The catalog's plan (its parts are the back office's) for a plan as the API serves it. */
function catalogOf(plan: Pick<Plan, 'id' | 'name' | 'category'>) {
  return (
    CATALOG.find((entry) => entry.id === plan.id) ?? {
      ...plan,
      parts: undefined,
      freeDomainPlanId: undefined,
    }
  );
}

/** The choices checked as the quote checks them: no registrar is asked. */
export async function partChoicesOf(
  plan: Pick<Plan, 'id' | 'name' | 'category'>,
  input: { registerDomain?: unknown; vps?: VpsChoiceInput },
  buyerName: string,
): Promise<PartChoices> {
  const catalog = catalogOf(plan);
  const registerDomain = registerDomainOf(catalog, input.registerDomain);
  const vps = vpsChoiceOf(
    vpsChoiceCategoryOf(catalog),
    input.vps,
    buyerName,
    await sshKeysParserFor(input.vps?.sshKeys),
  );
  return { ...(registerDomain ? { registerDomain } : {}), ...(vps ? { vps } : {}) };
}

/** The choices an order keeps: checked, and the name to register free at the registrar now. */
export async function checkedPartChoices(
  deps: BundleCheckoutDeps,
  plan: Pick<Plan, 'id' | 'name' | 'category'>,
  input: { registerDomain?: unknown; vps?: VpsChoiceInput },
  buyerName: string,
  renewal: boolean,
): Promise<PartChoices> {
  const choices = await partChoicesOf(plan, input, buyerName);
  if (renewal && plan.category === 'bundle') return {};
  // A hosting plan's free domain (D23) comes with its first year only.
  if (renewal && choices.registerDomain) throw freeDomainNotOffered(plan.name);
  const name = choices.registerDomain;
  if (name && deps.registrar) {
    const [answer] = await deps.registrar.availability([name]);
    if (answer?.available !== true) throw new RegisterDomainTakenError(name);
  }
  return choices;
}
