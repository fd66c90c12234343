import { endpoints, type ResponseOf } from '@switchboard/contract';
import type { ApiClient } from './api-client';
import { expectStatus } from './expect-status';

// Accounts and their people, made through the API by a caller allowed to make them.

export type AccountSummary = ResponseOf<typeof endpoints.createAccount>['account'];

let made = 0;
/** A name no other factory call in this file's run used. */
export const uniqueName = (prefix: string) => `${prefix} ${String(++made)}`;

/** A reseller under a partner (`partnerId`, else the caller's own partner account). */
export async function createReseller(
  client: ApiClient,
  input: { name?: string; email?: string; partnerId?: number } = {},
): Promise<AccountSummary> {
  const response = await client.call(endpoints.createReseller, {
    query: { targetPartnerId: input.partnerId },
    body: { resellerName: input.name ?? uniqueName('Reseller'), email: input.email },
  });
  return expectStatus(response, 201, 'createReseller').account;
}

/** An organization under a reseller (`resellerId`, else the caller's own reseller account). */
export async function createOrganization(
  client: ApiClient,
  input: {
    name?: string;
    email?: string;
    resellerId?: number;
    premium?: boolean;
    smsEnabled?: boolean;
    externalAccountId?: string;
  } = {},
): Promise<AccountSummary> {
  const response = await client.call(endpoints.createOrganization, {
    query: { targetResellerId: input.resellerId },
    body: {
      orgName: input.name ?? uniqueName('Organization'),
      email: input.email,
      vidaPremium: input.premium,
      smsEnabled: input.smsEnabled,
      externalAccountId: input.externalAccountId,
    },
  });
  return expectStatus(response, 201, 'createOrganization').account;
}

/** An agent account under an organization (`organizationId`, else the caller's own organization). */
export async function createAgentAccount(
  client: ApiClient,
  input: {
    name?: string;
    email?: string;
    ownerName?: string;
    organizationId?: number;
    externalAccountId?: string;
  } = {},
): Promise<AccountSummary> {
  const response = await client.call(endpoints.createAccount, {
    query: { targetOrganizationId: input.organizationId },
    body: {
      accountName: input.name ?? uniqueName('Agent'),
      email: input.email,
      name: input.ownerName,
      externalAccountId: input.externalAccountId,
    },
  });
  return expectStatus(response, 201, 'createAccount').account;
}

/** Invites a person by email as an admin user (or owner) of `accountId`, else of the caller's own account. */
export async function inviteMember(
  client: ApiClient,
  input: { email: string; isOwner?: boolean; accountId?: number },
): Promise<void> {
  const response = await client.call(endpoints.inviteAdminUser, {
    body: { email: input.email, isOwner: input.isOwner },
    ...(input.accountId === undefined ? {} : { targetAccountId: input.accountId }),
  });
  expectStatus(response, 201, 'inviteAdminUser');
}
