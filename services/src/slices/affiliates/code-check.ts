import { findAffiliateByCode, type ReadModelsDb } from '@shop/projections';
import { badRequest } from '../../platform/errors';

/** What checking a code needs: the approved affiliate owning a code (upper-case), if any. */
export type AffiliateByCode = (code: string) => { userId: string } | undefined;

/** Finds a code's affiliate in the affiliates read model. */
export function affiliateByCodeIn(readModels: ReadModelsDb): AffiliateByCode {
  return (code) => {
    const affiliate = findAffiliateByCode(readModels, { code });
    return affiliate && { userId: affiliate.user_id };
  };
}

export const MAX_AFFILIATE_CODE_LENGTH = 32;

/**
 * The affiliate behind a code a shopper typed (trimmed, any case), or undefined for no code. Refuses
 * (400, on `affiliateCode`) a code nobody owns and the shopper's own code. The checkout's check and
 * placing the order ask this one function, so they never disagree.
 */
export function resolveAffiliateCode(
  findAffiliateByCode: AffiliateByCode,
  userId: string,
  rawCode: string | undefined,
): { code: string; userId: string } | undefined {
  const code = rawCode?.trim().toUpperCase();
  if (!code) return undefined;
  const owner = code.length <= MAX_AFFILIATE_CODE_LENGTH ? findAffiliateByCode(code) : undefined;
  if (!owner) throw badRequest(`Affiliate code ${code} is not valid.`, 'affiliateCode');
  if (owner.userId === userId) throw badRequest('You cannot use your own affiliate code.', 'affiliateCode');
  return { code, userId: owner.userId };
}
