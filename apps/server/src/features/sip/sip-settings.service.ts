import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { parseAddressRange } from './sip-address';
import { formatSipRoute, parseSipRoute } from './sip-route';
import {
  deleteRouteRow,
  deleteWhitelistRow,
  insertRouteRow,
  insertWhitelistRow,
  listRouteRows,
  listWhitelistRows,
  type WhitelistRow,
} from './sip.repo';

function requireAccount(accountId: number | null): number {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return accountId;
}

function normalIp(input: string, field: string): string {
  const parsed = parseAddressRange(input);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', `${field}: ${parsed.reason}`);
  return parsed.text;
}

function normalRoute(input: string): string {
  const parsed = parseSipRoute(input);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', `body.route: ${parsed.reason}`);
  return formatSipRoute(parsed.route);
}

const entryView = (row: WhitelistRow) => ({
  userId: row.accountId,
  label: row.label,
  timestamp: Math.floor(row.createdAt.getTime() / 1000),
  ip: row.ip,
});

async function whitelistAnswer(db: Db, accountId: number, message: string) {
  const rows = await listWhitelistRows(db, accountId);
  return { success: true as const, message, whitelist: rows.map(entryView) };
}

export function listWhitelist(db: Db, accountId: number | null) {
  return whitelistAnswer(db, requireAccount(accountId), 'Success');
}

export async function addWhitelistEntry(
  db: Db,
  accountId: number | null,
  input: { ip: string; label: string },
) {
  const account = requireAccount(accountId);
  const ip = normalIp(input.ip, 'body.ip');
  const row = await insertWhitelistRow(db, { accountId: account, ip, label: input.label });
  if (!row) throw new AppError('CONFLICT', `${ip} is already on the whitelist`);
  return whitelistAnswer(db, account, 'IP entry created successfully');
}

export async function deleteWhitelistEntry(db: Db, accountId: number | null, input: { ip: string }) {
  const account = requireAccount(accountId);
  const ip = normalIp(input.ip, 'body.ip');
  if (!(await deleteWhitelistRow(db, account, ip))) {
    throw new AppError('NOT_FOUND', `${ip} is not on the whitelist`);
  }
  return whitelistAnswer(db, account, 'IP entry deleted successfully');
}

async function routesAnswer(db: Db, accountId: number, message: string) {
  return { success: true as const, message, routes: await listRouteRows(db, accountId) };
}

export function listRoutes(db: Db, accountId: number | null) {
  return routesAnswer(db, requireAccount(accountId), 'Success');
}

export async function addRoute(db: Db, accountId: number | null, input: { route: string }) {
  const account = requireAccount(accountId);
  const route = normalRoute(input.route);
  if (!(await insertRouteRow(db, account, route))) {
    throw new AppError('CONFLICT', `the route ${route} is already added`);
  }
  return routesAnswer(db, account, 'Route added successfully');
}

export async function deleteRoute(db: Db, accountId: number | null, input: { route: string }) {
  const account = requireAccount(accountId);
  const route = normalRoute(input.route);
  if (!(await deleteRouteRow(db, account, route))) {
    throw new AppError('NOT_FOUND', `the route ${route} is not one of the account's routes`);
  }
  return routesAnswer(db, account, 'Route removed successfully');
}
