import { findAffiliateByCode, findCustomer, listOrdersOfUser, type ReadModelsDb } from '@shop/projections';
import { badRequest } from '../../platform/errors';
import { type Identity, SELF_REFERRAL_MESSAGE, sharedIdentity } from './eligibility';

/** What checking a code needs: the approved affiliate owning a code (upper-case), if any, and who she is. */
export type AffiliateByCode = (code: string) => { userId: string; identity: Identity } | undefined;

/**
 * A customer as the shop knows her: her account's e-mail and contact phone, and the phones and
 * addresses her orders went to.
 */
export function customerIdentity(readModels: ReadModelsDb, userId: string): Identity {
  const customer = findCustomer(readModels, { id: userId });
  const orders = listOrdersOfUser(readModels, { userId }).map(({ order }) => order);
  return {
    phones: [customer?.contact ?? '', ...orders.map((order) => order.ship_phone)],
    emails: customer ? [customer.email] : [],
    addresses: orders.map((order) => ({ address: order.ship_address, city: order.ship_city })),
  };
}

/** Finds a code's affiliate in the affiliates read model, with her identity. */
export function affiliateByCodeIn(readModels: ReadModelsDb): AffiliateByCode {
  return (code) => {
    const affiliate = findAffiliateByCode(readModels, { code });
    return (
      affiliate && { userId: affiliate.user_id, identity: customerIdentity(readModels, affiliate.user_id) }
    );
  };
}

export const MAX_AFFILIATE_CODE_LENGTH = 32;

/** Who is using a code: her account, who she is, and the order's phone and address when there is one. */
export interface CodeUser {
  userId: string;
  identity: Identity;
}

/**
 * The affiliate behind a code a shopper typed (trimmed, any case), or undefined for no code. Refuses
 * (400, on `affiliateCode`) a code nobody owns, the shopper's own code, and a code whose affiliate
 * shares the shopper's or the order's phone, e-mail or delivery address: an affiliate's
 * second account is still her. The checkout's check and placing the order ask this one function, so
 * they never disagree.
 */
export function resolveAffiliateCode(
  findAffiliateByCode: AffiliateByCode,
  user: CodeUser,
  rawCode: string | undefined,
): { code: string; userId: string } | undefined {
  const code = rawCode?.trim().toUpperCase();
  if (!code) return undefined;
  const owner = code.length <= MAX_AFFILIATE_CODE_LENGTH ? findAffiliateByCode(code) : undefined;
  if (!owner) throw badRequest(`Affiliate code ${code} is not valid.`, 'affiliateCode');
  if (owner.userId === user.userId)
    throw badRequest('You cannot use your own affiliate code.', 'affiliateCode');
  const shared = sharedIdentity(owner.identity, user.identity);
  if (shared) throw badRequest(SELF_REFERRAL_MESSAGE[shared], 'affiliateCode');
  return { code, userId: owner.userId };
}
