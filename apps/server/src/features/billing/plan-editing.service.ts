import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { parseProductItems, resolvePlan, tierFor, usdToUnits, type ProductItems } from '../ledger';
import { updateBilling } from './billing.repo';
import { presentPlan } from './plans.service';
import {
  assignPricePlan,
  findAccountLine,
  findPlan,
  insertPlan,
  listCatalogue,
  savePlan,
  type AccountLine,
} from './plans.repo';

export interface PlanInput {
  name?: string;
  description?: string;
  monthlyCents?: number;
  yearlyCents?: number;
  features?: string[];
  premium?: boolean;
  visibility?: 'public' | 'private';
  productItems?: Record<string, unknown>;
  active?: boolean;
  allowBelowCost: boolean;
}

async function sellerLine(db: Db, accountId: number): Promise<AccountLine> {
  const line = await findAccountLine(db, accountId);
  if (!line) throw new AppError('NOT_FOUND', 'This session has no account to act for');
  if (line.accountType !== 'partner' && line.accountType !== 'reseller')
    throw new AppError('FORBIDDEN', 'Only partners and resellers sell plans');
  return line;
}

/** The product items checked like the catalogue checks them, the refusal naming the field and the tier. */
function checkedItems(value: Record<string, unknown>): ProductItems {
  try {
    return parseProductItems(value);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, `productItems.${error.message}`);
    throw error;
  }
}

/**
 * Where the seller's retail prices fall below what it pays for the same usage (its wholesale plan): each usage
 * key both price, checked at every unit where either price changes (tiers are steps, so those points suffice).
 */
export async function belowCost(db: Db, sellerId: number, items: ProductItems): Promise<string[]> {
  const cost = await resolvePlan(db, sellerId);
  if (!cost || cost.ownerAccountId === sellerId) return [];
  const found: string[] = [];
  for (const [key, item] of Object.entries(items)) {
    const costItem = cost.productItems[key];
    if (!costItem) continue;
    const points = [...new Set([...item.pricing, ...costItem.pricing].map((tier) => tier.quantityMin))].sort(
      (a, b) => a - b,
    );
    for (const unit of points) {
      const retail = tierFor(item.pricing, unit).price;
      const wholesale = tierFor(costItem.pricing, unit).price;
      if (usdToUnits(retail) < usdToUnits(wholesale)) {
        found.push(
          `productItems.${key} from unit ${String(unit)}: ${retail} USD is below your cost of ${wholesale} USD`,
        );
      }
    }
  }
  return found;
}

async function checkCost(db: Db, sellerId: number, items: ProductItems, allow: boolean): Promise<string[]> {
  const found = await belowCost(db, sellerId, items);
  if (found.length > 0 && !allow) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${found.join('; ')}. Raise the price, or send allowBelowCost: true to sell at a loss`,
      { belowCost: found },
    );
  }
  return found;
}

function checkYearly(monthlyCents: number, yearlyCents: number) {
  if (yearlyCents > monthlyCents * 12)
    throw new AppError(
      'VALIDATION_FAILED',
      'yearlyCents: the yearly price must not be more than twelve months at the monthly price',
    );
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'plan';

export async function createPlan(db: Db, accountId: number, input: Required<Omit<PlanInput, 'active'>>) {
  const seller = await sellerLine(db, accountId);
  const items = checkedItems(input.productItems);
  checkYearly(input.monthlyCents, input.yearlyCents);
  const found = await checkCost(db, seller.id, items, input.allowBelowCost);
  const id = `pplan-${slugOf(input.name)}-${randomBytes(3).toString('hex')}`;
  await insertPlan(db, {
    id,
    ownerAccountId: seller.id,
    name: input.name,
    description: input.description,
    monthlyCents: input.monthlyCents,
    yearlyCents: input.yearlyCents,
    features: input.features,
    premium: input.premium,
    visibility: input.visibility,
    productItems: items,
  });
  const plan = await findPlan(db, id);
  if (!plan) throw new Error('The plan just added was not found');
  return { success: true as const, plan: presentPlan(plan), belowCost: found };
}

/** A plan the acting seller owns; another's it can see is 403, one it cannot see 404. */
async function ownPlan(db: Db, seller: AccountLine, productPlanId: string) {
  const plan = await findPlan(db, productPlanId);
  if (plan?.ownerAccountId === seller.id) return plan;
  const visible = plan && (await listCatalogue(db, seller)).some((candidate) => candidate.id === plan.id);
  if (visible)
    throw new AppError(
      'FORBIDDEN',
      `productPlanId: ${productPlanId} is sold by another account; only it edits it`,
    );
  throw new AppError('NOT_FOUND', `productPlanId: no plan ${productPlanId} in this catalogue`);
}

export async function updatePlan(db: Db, accountId: number, productPlanId: string, input: PlanInput) {
  const seller = await sellerLine(db, accountId);
  const plan = await ownPlan(db, seller, productPlanId);
  const items = input.productItems === undefined ? null : checkedItems(input.productItems);
  checkYearly(input.monthlyCents ?? plan.monthlyCents, input.yearlyCents ?? plan.yearlyCents);
  const found = items ? await checkCost(db, seller.id, items, input.allowBelowCost) : [];
  const { allowBelowCost: _allow, productItems: _items, ...fields } = input;
  // Only the fields sent are present (an absent one is left out, never undefined).
  await savePlan(db, plan.id, fields, items);
  const saved = await findPlan(db, plan.id);
  if (!saved) throw new Error('The plan just saved was not found');
  return { success: true as const, plan: presentPlan(saved), belowCost: found };
}

/** An account below the seller, of the given type; else 404 (a sibling's accounts are not there for it). */
async function accountBelow(db: Db, seller: AccountLine, targetId: number, type: AccountLine['accountType']) {
  const target = await findAccountLine(db, targetId);
  if (
    !target ||
    target.id === seller.id ||
    !target.lineage.includes(seller.id) ||
    target.accountType !== type
  )
    throw new AppError('NOT_FOUND', `No ${type} ${String(targetId)} below this account`);
  return target;
}

export async function offerPlan(
  db: Db,
  accountId: number,
  body: { targetOrganizationId: number; productPlanId: string | null },
) {
  const seller = await sellerLine(db, accountId);
  const organization = await accountBelow(db, seller, body.targetOrganizationId, 'organization');
  let plan = null;
  if (body.productPlanId !== null) {
    plan = await findPlan(db, body.productPlanId);
    if (plan?.ownerAccountId !== seller.id || !plan.active)
      throw new AppError(
        'NOT_FOUND',
        `productPlanId: ${body.productPlanId} is not a plan this account sells`,
      );
  }
  await updateBilling(db, organization.id, { offeredPlanId: plan?.id ?? null });
  return { success: true as const, plan: plan ? presentPlan(plan) : null };
}

export async function setWholesalePlan(
  db: Db,
  accountId: number,
  body: { targetResellerId: number; productPlanId: string },
) {
  const partner = await sellerLine(db, accountId);
  const reseller = await accountBelow(db, partner, body.targetResellerId, 'reseller');
  const plan = await findPlan(db, body.productPlanId);
  if (plan?.ownerAccountId !== partner.id || !plan.active)
    throw new AppError('NOT_FOUND', `productPlanId: ${body.productPlanId} is not a plan this partner sells`);
  await assignPricePlan(db, reseller.id, plan.id);
  return { success: true as const, plan: presentPlan(plan) };
}
