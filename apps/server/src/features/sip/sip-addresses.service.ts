import { displayNameOf } from '@switchboard/core';
import type { SipAddressesView } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { SipConfig } from '../../providers/telephony/sip/config';
import { listAgentsForSip } from './sip-addresses.repo';
import { accountsUnder } from './sip.repo';

const agentLimit = 200;

/**
 * What a person points a PBX or trunk at: the host peers reach and, for each agent of the acting account, the
 * Request-URIs that name it (its username, and its number in E.164 when it has one), as the endpoint admits them.
 */
export async function sipAddresses(
  db: Db,
  sip: { config: SipConfig; listeningPort: number | null },
  accountId: number | null,
): Promise<SipAddressesView> {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  const host = sip.config.publicHost;
  const port = sip.listeningPort;
  const hostPart = port === null || port === 5060 ? host : `${host}:${port}`;
  const rows = await listAgentsForSip(db, await accountsUnder(db, accountId), agentLimit);
  return {
    endpoint: { host, port, transports: sip.config.tcp ? ['udp', 'tcp'] : ['udp'] },
    agents: rows.map((row) => ({
      accountId: row.id,
      name: displayNameOf(row),
      username: row.username,
      uris: [
        `sip:${row.username}@${hostPart}`,
        ...(row.number?.startsWith('+') ? [`sip:${row.number}@${hostPart}`] : []),
      ],
    })),
  };
}
