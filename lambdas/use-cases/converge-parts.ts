/**
 * Converge over a bundle's parts (D24, lambdas/domain/bundle-parts.ts). A bundle's hosting is its
 * own item's panel account, driven by converge-service.ts as before; each other part (domain,
 * storage, VPS) is an item of its own, `partOf` the bundle, and is converged here by the very code
 * that converges a single service of its kind (convergeService, with its registrar, compute and
 * storage steps), reading the part through a view that carries the bundle's ledger and facts. So
 * every part is driven to the bundle's one desired state, each under its own claim (racing
 * converges make each part once), each records its own actual state and error on its item, and
 * one part's provider being down stops none of the others.
 *
 * A part the bundle lists but no item holds yet (a bundle bought before parts existed) is made
 * here, without the buyer's choices: its domain waits for an operator, its VPS for a key.
 */
import { CATALOG } from '../domain/catalog';
import { BUNDLE_NAME_TAKEN_REASON } from '../domain/registrant';
import {
  droppedPartEndOf,
  PART_LABELS,
  partPlanIdOf,
  partServiceIdOf,
  partViewOf,
  separatePartsOf,
  type PartKind,
  type BundlePartSpec,
} from '../domain/bundle-parts';
import { planInForce } from '../domain/plan-change';
import type { CatalogPlan } from '../domain/plan';
import type { VpsRecord } from '../domain/vps';
import { isLive, type LifeRecord, type PartState } from '../domain/lifecycle';
import type { ServiceRecord, ServicesStore, ServiceSummary } from '../ports/services';
import type { ConvergeDeps, ConvergeOptions, ConvergeResult } from './converge-service';

/** What converge found of one part. */
export interface PartOutcome {
  kind: PartKind;
  serviceId: string;
  inStep: boolean;
  actual?: PartState;
  /** What the operator reads when it is out of step (names the part). */
  error?: string;
  /** The part's converge threw (a provider down, with `rethrow`): rethrown after the bundle's. */
  thrown?: unknown;
  actions: string[];
}

type ConvergeOne = (
  deps: ConvergeDeps,
  ref: { userId: string; serviceId: string },
  options: ConvergeOptions,
) => Promise<ConvergeResult>;

/**
 * A service as its own routes read it (the VPS's power and keys, a storage key, D24): a bundle's
 * part with its bundle's life (partViewOf), anything else as stored. Undefined when either is
 * missing.
 */
export async function serviceWithLife(
  services: Pick<ServicesStore, 'getService'>,
  userId: string,
  serviceId: string,
): Promise<ServiceRecord | undefined> {
  const service = await services.getService(userId, serviceId);
  if (!service?.partOf) return service;
  const bundle = await services.getService(userId, service.partOf);
  return bundle && partAsBundleSays(service, bundle, new Date());
}

/**
 * A part as its bundle says it is now (D24, D26): the part's item with the bundle's life
 * (partViewOf), on the plan the bundle's plan in force names for its kind (at once after a change
 * is paid or refunded, before converge has moved the item). A part the bundle's plan no longer
 * lists (an upgrade that added it was refunded) has ended when that refund was made.
 */
export function partAsBundleSays<P extends ServiceRecord | ServiceSummary>(
  part: P,
  bundle: Pick<ServiceRecord, 'planId' | 'planName' | 'pendingPlan' | 'periods'> &
    Partial<Pick<ServiceRecord, 'cancelledAt' | 'disputes' | 'hold' | 'endedAt' | 'removedAt'>> &
    Partial<Pick<ServiceRecord, 'renewalDate' | 'goodwill'>>,
  now: Date,
  plans: readonly CatalogPlan[] = CATALOG,
): P {
  const view = partViewOf(part, bundle);
  const kind = part.category as PartKind;
  const bundlePlan = planOf(planInForce(bundle, now).planId, plans);
  const planId = partPlanIdOf(bundlePlan, kind);
  if (planId && planId !== view.planId) {
    return { ...view, planId, planName: planOf(planId, plans)?.name ?? planId };
  }
  const endedAt = planId ? undefined : droppedPartEndOf(bundle.periods, kind, plans);
  return endedAt && !view.endedAt ? { ...view, endedAt } : view;
}

/**
 * A bundle's domain stays registered when the bundle is suspended, ended or removed: the registry
 * keeps the name to the expiry the buyer paid for and it is simply not renewed; there is nothing
 * to switch off. So its part is in step then, where a VPS or storage user must be stopped. The
 * record is changed where it lies (convergeService answers from the same record).
 */
function partLifeRecord(ref: { serviceId: string }, life: LifeRecord): LifeRecord {
  const domainPart = ref.serviceId.endsWith(partServiceIdOf('', 'domain'));
  if (domainPart && !isLive(life.desired) && life.actual === 'live') {
    delete life.outOfStepSince;
    delete life.lastError;
  }
  return life;
}

/** A part as its ready mail names it: its bundle, its kind and its plan. */
function partMailName(bundleName: string, part: Pick<ServiceRecord, 'category' | 'planName'>) {
  const kind = PART_LABELS[part.category as PartKind] ?? part.category;
  return `${bundleName} (${kind}: ${part.planName})`;
}

/** The buyer's choices for a bundle's parts, from its order (checkout). */
export interface BundleChoices {
  registerDomain?: string;
  vps?: Pick<VpsRecord, 'os' | 'hostname' | 'sshKeys'>;
}

/** The kinds of part kept on items of their own. */
const SEPARATE_KINDS = ['domain', 'storage', 'vps'] as const;

function planOf(planId: string, plans: readonly CatalogPlan[]): CatalogPlan | undefined {
  return plans.find((plan) => plan.id === planId);
}

/**
 * Makes each part item the bundle lists and no item holds yet, with the buyer's choices (the name
 * to register, the VPS's OS, hostname and keys). A part made already is left as it is: a renewal's
 * order never changes what the first chose. Answers the parts, made or found.
 */
export async function ensureBundleParts(
  services: Pick<ServicesStore, 'getService' | 'addPart'>,
  bundle: Pick<ServiceRecord, 'userId' | 'serviceId' | 'planId' | 'renewalDate'> &
    Partial<Pick<ServiceRecord, 'pendingPlan'>>,
  at: string,
  choices: BundleChoices = {},
  plans: readonly CatalogPlan[] = CATALOG,
): Promise<{ spec: BundlePartSpec; serviceId: string; item: ServiceRecord | undefined }[]> {
  // The bundle's plan in force (D26): a larger bundle's new parts are made once its change is paid.
  const parts = separatePartsOf(
    planOf(planInForce({ planName: '', ...bundle }, new Date(at)).planId, plans),
  );
  return Promise.all(
    parts.map(async (spec) => {
      const serviceId = partServiceIdOf(bundle.serviceId, spec.kind);
      let item = await services.getService(bundle.userId, serviceId);
      if (!item) {
        const plan = planOf(spec.planId, plans);
        await services.addPart(
          {
            userId: bundle.userId,
            serviceId,
            partOf: bundle.serviceId,
            planId: spec.planId,
            planName: plan?.name ?? spec.planId,
            category: spec.kind,
            renewalDate: bundle.renewalDate,
            ...(spec.kind === 'domain' && choices.registerDomain
              ? { domain: choices.registerDomain }
              : {}),
            ...(spec.kind === 'vps' && choices.vps
              ? {
                  vps: {
                    os: choices.vps.os,
                    hostname: choices.vps.hostname,
                    sshKeys: [...choices.vps.sshKeys],
                  },
                }
              : {}),
          },
          at,
        );
        item = await services.getService(bundle.userId, serviceId);
      }
      return { spec, serviceId, item };
    }),
  );
}

/**
 * Converges every part of the bundle (not its hosting: the caller's own loop drives that), each
 * through `one` (convergeService) on a view of the part with the bundle's life. Never throws for
 * a part: each part's failure is its outcome.
 */
export async function convergeBundleParts(
  deps: ConvergeDeps,
  bundle: ServiceRecord,
  options: ConvergeOptions,
  one: ConvergeOne,
): Promise<PartOutcome[]> {
  const plans = deps.plans ?? CATALOG;
  const store = deps.services;
  const at = deps.now();
  const bundlePlan = planOf(planInForce(bundle, at).planId, plans);
  const listed = store.addPart
    ? await ensureBundleParts(
        { getService: store.getService.bind(store), addPart: store.addPart.bind(store) },
        bundle,
        at.toISOString(),
        {},
        plans,
      )
    : await Promise.all(
        separatePartsOf(bundlePlan).map(async (spec) => {
          const serviceId = partServiceIdOf(bundle.serviceId, spec.kind);
          return { spec, serviceId, item: await store.getService(bundle.userId, serviceId) };
        }),
      );
  // A part its plan no longer lists (a refunded upgrade had added it): converged to its end.
  const dropped = await Promise.all(
    SEPARATE_KINDS.filter((kind) => !listed.some((part) => part.spec.kind === kind)).map(
      async (kind) => {
        const serviceId = partServiceIdOf(bundle.serviceId, kind);
        const item = await store.getService(bundle.userId, serviceId);
        return item && { spec: { kind, planId: item.planId }, serviceId, item };
      },
    ),
  );
  // Each part moved to the plan the bundle's plan names for it (D26), before it is converged: its
  // own kind's step (resize, quota) then follows, and its routes read the new plan.
  const parts = await Promise.all(
    listed.map(async (part) => {
      const item = part.item;
      if (!item || item.planId === part.spec.planId || !store.setPartPlan) return part;
      const plan = {
        planId: part.spec.planId,
        planName: planOf(part.spec.planId, plans)?.name ?? part.spec.planId,
      };
      await store.setPartPlan(
        { userId: bundle.userId, serviceId: part.serviceId },
        plan,
        item.planId,
        at.toISOString(),
      );
      return { ...part, item: (await store.getService(bundle.userId, part.serviceId)) ?? item };
    }),
  );
  for (const part of dropped) if (part) parts.push(part);
  const partDeps: ConvergeDeps = {
    ...deps,
    services: {
      // The part as its kind's code reads it: its own item with the bundle's life and plan, read
      // afresh.
      getService: async (userId, serviceId) => {
        const [part, current] = await Promise.all([
          store.getService(userId, serviceId),
          store.getService(userId, bundle.serviceId),
        ]);
        if (!part || !current) return undefined;
        const { partOf: _bundle, ...view } = partAsBundleSays(part, current, deps.now(), plans);
        // What its mails call it: the bundle and the part ("Standard Bundle (VPS: Basic VPS)").
        return { ...view, planName: partMailName(current.planName, view) };
      },
      recordLife: (ref, life, seen) => store.recordLife(ref, partLifeRecord(ref, life), seen),
    },
    // A bundle's name taken before it was registered fails that part only; the bundle's refund
    // keeps nothing back for it (lambdas/domain/refunds.ts), and no refund is made for the part.
    // Its card says so and offers another name (BUNDLE_NAME_TAKEN_REASON, Choose your domain).
    ...(deps.registrar
      ? {
          registrar: { ...deps.registrar, taken: undefined, takenReason: BUNDLE_NAME_TAKEN_REASON },
        }
      : {}),
  };
  return Promise.all(
    parts.map(async ({ spec, serviceId, item }): Promise<PartOutcome> => {
      const kind = spec.kind;
      const label = `${PART_LABELS[kind]}${item?.domain ? ` (${item.domain})` : ''}`;
      if (!item) {
        return {
          kind,
          serviceId,
          inStep: false,
          error: `${label}: the part has no record yet.`,
          actions: [],
        };
      }
      const request = options.request && {
        ...options.request,
        serviceId,
        planId: item.planId,
        planName: partMailName(bundle.planName, item),
        category: item.category,
      };
      if (request) {
        if (item.domain) request.domain = item.domain;
        else delete request.domain;
      }
      try {
        const result = await one(
          partDeps,
          { userId: bundle.userId, serviceId },
          { ...options, ...(request ? { request } : {}) },
        );
        if (result.outcome === 'not_found') {
          return { kind, serviceId, inStep: false, error: `${label}: not found.`, actions: [] };
        }
        return {
          kind,
          serviceId,
          inStep: result.outcome === 'in_step',
          actual: result.actual,
          ...(result.outcome === 'out_of_step'
            ? {
                error: `${label}: ${result.error ?? `is ${result.actual}, not ${result.desired}.`}`,
              }
            : {}),
          actions: result.actions,
        };
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        return {
          kind,
          serviceId,
          inStep: false,
          error: `${label}: ${text}`,
          thrown: error,
          actions: [],
        };
      }
    }),
  );
}
