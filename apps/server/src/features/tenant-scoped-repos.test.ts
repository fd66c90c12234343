import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  accounts,
  agentTemplates,
  agentVersions,
  appInstalls,
  contacts,
  domainProfiles,
  domains,
  eq,
  inboxNotifications,
  messages,
  rooms,
  seedDemoData,
} from '@switchboard/db';
import { createTestApp, type TestApp } from '@switchboard/testing';
import { findThread, saveThread } from '../runtime/threads.repo';
import { findVersion, insertVersion } from './agents/versions.repo';
import { deleteTemplateRow, insertTemplate, updateTemplate } from './agents/templates.repo';
import { deleteInstall, insertInstall, updateInstallData } from './apps/apps.repo';
import { insertContact } from './contacts/contacts.repo';
import { deleteContact, getContact, saveContact } from './contacts/contacts.service';
import {
  deleteDomainRow,
  insertDomainRow,
  updateProfileImage,
  upsertProfileOfAccount,
} from './domains/domains.repo';
import {
  blockState,
  closeRoom,
  loadLiveRecords,
  markUnread,
  roomDetail,
} from './inbox/conversations.service';
import { routeRoomInbox } from './inbox/inbox-routing.service';
import { reopenRoom } from './inbox/inbox.repo';
import { appendMessage, openRoom, type OpenedRoom } from './inbox/inbox.service';
import { clearRoomNotifications } from './inbox/inbox-notifications.repo';
import { markRoomUnread } from './inbox/room-activity.repo';
import { listMessagesPage, listRoomConversations } from './inbox/room-messages.repo';
import { findRoomByContactProfile, findRoomRecord, updateRoom } from './inbox/room-views.repo';

let t: TestApp;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
  for (const row of await t.db.select({ id: accounts.id, username: accounts.username }).from(accounts)) {
    id[row.username] = row.id;
  }
});
afterAll(() => t.close());

// acme's agent1 owns every record below; globex's agent3 (or globex itself) is the other tenant.
const owner = () => id.agent1!;
const other = () => id.agent3!;

describe('rooms and messages of another agent account', () => {
  let room: OpenedRoom;
  let messageId: number;

  beforeAll(async () => {
    room = await openRoom(t.db, { accountId: owner(), contactAddress: '+15557000001', channel: 'sms' });
    const message = await appendMessage(t.db, {
      accountId: owner(),
      roomId: room.roomId,
      conversationUuid: room.conversationUuid,
      direction: 'inbound',
      channel: 'sms',
      author: 'contact',
      text: 'Is anyone there?',
    });
    messageId = message.id;
    await t.db.insert(inboxNotifications).values({
      accountId: owner(),
      roomId: room.roomId,
      kind: 'message',
      text: 'Is anyone there?',
    });
  });

  const storedRoom = async () => (await t.db.select().from(rooms).where(eq(rooms.roomId, room.roomId)))[0];

  it('finds nothing when read with another account', async () => {
    expect(await findRoomRecord(t.db, { accountId: other() }, room.roomId)).toBeNull();
    expect(await findRoomRecord(t.db, { organizationId: id.globex! }, room.roomId)).toBeNull();
    expect(await findRoomByContactProfile(t.db, other(), room.contactProfileId)).toBeNull();
    expect(
      await listMessagesPage(t.db, { accountId: other(), roomId: room.roomId, before: null, limit: 10 }),
    ).toEqual([]);
    expect(await listRoomConversations(t.db, { accountId: other(), roomId: room.roomId })).toEqual([]);
    const live = await loadLiveRecords(t.db, {
      messages: [{ accountId: other(), id: messageId }],
      rooms: [{ accountId: other(), roomId: room.roomId }],
    });
    expect([live.messages.size, live.rooms.size]).toEqual([0, 0]);
    // The owner still finds all of it.
    expect(await findRoomRecord(t.db, { accountId: owner() }, room.roomId)).not.toBeNull();
    const own = await loadLiveRecords(t.db, {
      messages: [{ accountId: owner(), id: messageId }],
      rooms: [],
    });
    expect([own.messages.size, own.rooms.size]).toEqual([1, 1]);
  });

  it('changes nothing when written with another account', async () => {
    const before = await storedRoom();
    const target = { accountId: other(), roomId: room.roomId };
    expect(await updateRoom(t.db, target, { closedAt: new Date(), blocked: true })).toBeNull();
    expect(await markRoomUnread(t.db, target)).toBe(false);
    expect(
      await reopenRoom(t.db, target, { freshUuid: randomUUID(), replace: true, contactName: 'Mallory' }),
    ).toBeNull();
    expect(await routeRoomInbox(t.db, target)).toBeNull();
    await clearRoomNotifications(t.db, target);
    await expect(
      appendMessage(t.db, {
        ...target,
        conversationUuid: room.conversationUuid,
        direction: 'inbound',
        channel: 'sms',
        author: 'contact',
        text: 'planted',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await storedRoom()).toEqual(before);
    expect(await t.db.select().from(messages).where(eq(messages.text, 'planted'))).toEqual([]);
    const [notification] = await t.db
      .select()
      .from(inboxNotifications)
      .where(eq(inboxNotifications.roomId, room.roomId));
    expect(notification?.clearedAt).toBeNull();
  });

  it('answers not found from the services for another scope, and leaves the room as it was', async () => {
    const before = await storedRoom();
    const scope = { accountId: other() };
    await expect(closeRoom(t.db, scope, room.roomId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(markUnread(t.db, scope, room.roomId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(roomDetail(t.db, scope, room.roomId, { limit: 10, before: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(blockState(t.db, other(), room.contactProfileId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await storedRoom()).toEqual(before);
    // The right account still reads it.
    const detail = await roomDetail(t.db, { accountId: owner() }, room.roomId, { limit: 10, before: null });
    expect(detail.messages.map((message) => message.message)).toEqual(['Is anyone there?']);
    expect((await blockState(t.db, owner(), room.contactProfileId)).blocked).toBe(false);
  });

  it('keeps an agent thread to its own account', async () => {
    await saveThread(t.db, {
      conversationUuid: room.conversationUuid,
      accountId: owner(),
      roomId: room.roomId,
      history: [],
      toolState: {},
      usage: {},
    });
    expect(await findThread(t.db, other(), room.conversationUuid)).toBeNull();
    expect(await findThread(t.db, owner(), room.conversationUuid)).not.toBeNull();
  });
});

describe('contacts of another account', () => {
  it('are not found, changed or deleted through the services', async () => {
    const contactId = await insertContact(t.db, {
      accountId: owner(),
      name: 'Jake Peralta',
      phoneNumber: '+15557000002',
      email: null,
      data: {},
    });
    const stored = async () => (await t.db.select().from(contacts).where(eq(contacts.id, contactId)))[0];
    const before = await stored();
    await expect(getContact(t.db, other(), contactId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(saveContact(t.db, other(), { id: contactId, name: 'Renamed' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(deleteContact(t.db, other(), contactId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await stored()).toEqual(before);
    expect((await getContact(t.db, owner(), contactId)).contact.name).toBe('Jake Peralta');
  });
});

describe('agent versions and templates of another account', () => {
  it('does not find a version of another agent', async () => {
    const version = await insertVersion(t.db, {
      agentAccountId: owner(),
      title: 'Before the launch',
      source: 'staging',
      snapshot: {},
    });
    expect(await findVersion(t.db, other(), version.id)).toBeNull();
    expect((await findVersion(t.db, owner(), version.id))?.title).toBe('Before the launch');
    const [row] = await t.db.select().from(agentVersions).where(eq(agentVersions.id, version.id));
    expect(row?.title).toBe('Before the launch');
  });

  it('does not change or delete a template of another owner', async () => {
    const template = await insertTemplate(t.db, {
      id: 'tmpltenantcheck',
      ownerAccountId: id.acme!,
      name: 'Front desk',
      config: {},
    });
    const target = { id: template.id, ownerAccountId: id.globex! };
    expect(await updateTemplate(t.db, target, { name: 'Taken over' })).toBeNull();
    expect(await deleteTemplateRow(t.db, target)).toBe(false);
    const [row] = await t.db.select().from(agentTemplates).where(eq(agentTemplates.id, template.id));
    expect(row).toEqual(template);
    expect(
      await updateTemplate(t.db, { ...target, ownerAccountId: id.acme! }, { name: 'Reception' }),
    ).toMatchObject({
      name: 'Reception',
    });
  });
});

describe('app installs of another organization', () => {
  it('are not changed or deleted', async () => {
    const install = await insertInstall(t.db, {
      organizationId: id.acme!,
      appId: 'tenant-check',
      appVersion: '1.0.0',
      appData: { region: 'us' },
      installedBy: null,
    });
    if (!install) throw new Error('the install was not stored');
    expect(await updateInstallData(t.db, id.globex!, install.id, { region: 'eu' })).toBeNull();
    expect(await deleteInstall(t.db, id.globex!, install.id)).toBe(false);
    const [row] = await t.db.select().from(appInstalls).where(eq(appInstalls.id, install.id));
    expect(row).toEqual(install);
    expect(await deleteInstall(t.db, id.acme!, install.id)).toBe(true);
  });
});

describe('domains and brand profiles of another account', () => {
  it('are not deleted or changed', async () => {
    const domain = await insertDomainRow(t.db, {
      domain: 'tenant-check.example',
      accountId: id.acme!,
      isDefault: false,
    });
    if (!domain) throw new Error('the domain was not stored');
    expect(await deleteDomainRow(t.db, id.globex!, domain.domain)).toBe(false);
    expect(await t.db.select().from(domains).where(eq(domains.domain, domain.domain))).toHaveLength(1);

    const profile = await upsertProfileOfAccount(t.db, id.acme!, { name: 'Acme' });
    await expect(
      updateProfileImage(t.db, { id: profile.id, accountId: id.globex! }, '/uploads/planted.png'),
    ).rejects.toThrow();
    const [row] = await t.db.select().from(domainProfiles).where(eq(domainProfiles.id, profile.id));
    expect(row?.image).toBe(profile.image);
  });
});
