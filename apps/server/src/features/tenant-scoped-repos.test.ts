import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
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
} from '@switchboard/db';
import {
  createAgentVersion,
  createContact,
  createTemplate,
  silentAgent,
  startApp,
  textAgent,
  type DemoApp,
  type RoomRow,
  type SignedInClient,
} from '@switchboard/testing';
import { findThread, saveThread } from '../runtime/threads.repo';
import { findVersion } from './agents/versions.repo';
import { deleteTemplateRow, updateTemplate } from './agents/templates.repo';
import { deleteInstall, insertInstall, updateInstallData } from './apps/apps.repo';
import { deleteContact, getContact, saveContact } from './contacts/contacts.service';
import { deleteDomainRow, updateProfileImage, upsertProfileOfAccount } from './domains/domains.repo';
import {
  blockState,
  closeRoom,
  loadLiveRecords,
  markUnread,
  roomDetail,
} from './inbox/conversations.service';
import { routeRoomInbox } from './inbox/inbox-routing.service';
import { reopenRoom } from './inbox/inbox.repo';
import { appendMessage } from './inbox/inbox.service';
import { clearRoomNotifications } from './inbox/inbox-notifications.repo';
import { markRoomUnread } from './inbox/room-activity.repo';
import { listMessagesPage, listRoomConversations } from './inbox/room-messages.repo';
import { findRoomByContactProfile, findRoomRecord, updateRoom } from './inbox/room-views.repo';

// The records are made through the API (the agent stays silent, so the room holds only the contact's text); the
// repos and services are then called with the wrong account directly.
let kit: DemoApp;
let acme: SignedInClient;
let reseller: SignedInClient;

beforeAll(async () => {
  kit = await startApp({ runtime: silentAgent });
  acme = await kit.signIn('acme');
  reseller = await kit.signIn('reseller');
});
afterAll(() => kit.close());

// acme's agent1 owns every record below; globex's agent3 (or globex itself) is the other tenant.
const owner = () => kit.ids.agent1;
const other = () => kit.ids.agent3;

describe('rooms and messages of another agent account', () => {
  let room: RoomRow;
  let conversationUuid: string;
  let messageId: number;

  beforeAll(async () => {
    // A known contact's room is in the priority inbox, so the contact's text notifies the account's people.
    await createContact(acme, { name: 'Known Caller', phoneNumber: '+15557000001' }, owner());
    const inbound = await textAgent(kit, { to: 'agent1', from: '+15557000001', text: 'Is anyone there?' });
    room = inbound.room;
    conversationUuid = room.currentUuid!;
    messageId = inbound.message.id;
  });

  const storedRoom = async () => (await kit.db.select().from(rooms).where(eq(rooms.roomId, room.roomId)))[0];

  it('finds nothing when read with another account', async () => {
    expect(await findRoomRecord(kit.db, { accountId: other() }, room.roomId)).toBeNull();
    expect(await findRoomRecord(kit.db, { organizationId: kit.ids.globex }, room.roomId)).toBeNull();
    expect(await findRoomByContactProfile(kit.db, other(), room.contactProfileId)).toBeNull();
    expect(
      await listMessagesPage(kit.db, { accountId: other(), roomId: room.roomId, before: null, limit: 10 }),
    ).toEqual([]);
    expect(await listRoomConversations(kit.db, { accountId: other(), roomId: room.roomId })).toEqual([]);
    const live = await loadLiveRecords(kit.db, {
      messages: [{ accountId: other(), id: messageId }],
      rooms: [{ accountId: other(), roomId: room.roomId }],
    });
    expect([live.messages.size, live.rooms.size]).toEqual([0, 0]);
    // The owner still finds all of it.
    expect(await findRoomRecord(kit.db, { accountId: owner() }, room.roomId)).not.toBeNull();
    const own = await loadLiveRecords(kit.db, {
      messages: [{ accountId: owner(), id: messageId }],
      rooms: [],
    });
    expect([own.messages.size, own.rooms.size]).toEqual([1, 1]);
  });

  it('changes nothing when written with another account', async () => {
    const before = await storedRoom();
    const target = { accountId: other(), roomId: room.roomId };
    expect(await updateRoom(kit.db, target, { closedAt: new Date(), blocked: true })).toBeNull();
    expect(await markRoomUnread(kit.db, target)).toBe(false);
    expect(
      await reopenRoom(kit.db, target, { freshUuid: randomUUID(), replace: true, contactName: 'Mallory' }),
    ).toBeNull();
    expect(await routeRoomInbox(kit.db, target)).toBeNull();
    await clearRoomNotifications(kit.db, target);
    await expect(
      appendMessage(kit.db, {
        ...target,
        conversationUuid: conversationUuid,
        direction: 'inbound',
        channel: 'sms',
        author: 'contact',
        text: 'planted',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await storedRoom()).toEqual(before);
    expect(await kit.db.select().from(messages).where(eq(messages.text, 'planted'))).toEqual([]);
    const [notification] = await kit.db
      .select()
      .from(inboxNotifications)
      .where(eq(inboxNotifications.roomId, room.roomId));
    expect(notification?.clearedAt).toBeNull();
  });

  it('answers not found from the services for another scope, and leaves the room as it was', async () => {
    const before = await storedRoom();
    const scope = { accountId: other() };
    await expect(closeRoom(kit.db, scope, room.roomId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(markUnread(kit.db, scope, room.roomId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(roomDetail(kit.db, scope, room.roomId, { limit: 10, before: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(blockState(kit.db, other(), room.contactProfileId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await storedRoom()).toEqual(before);
    // The right account still reads it.
    const detail = await roomDetail(kit.db, { accountId: owner() }, room.roomId, { limit: 10, before: null });
    expect(detail.messages.map((message) => message.message)).toEqual(['Is anyone there?']);
    expect((await blockState(kit.db, owner(), room.contactProfileId)).blocked).toBe(false);
  });

  it('keeps an agent thread to its own account', async () => {
    await saveThread(kit.db, {
      conversationUuid: conversationUuid,
      accountId: owner(),
      roomId: room.roomId,
      history: [],
      toolState: {},
      usage: {},
    });
    expect(await findThread(kit.db, other(), conversationUuid)).toBeNull();
    expect(await findThread(kit.db, owner(), conversationUuid)).not.toBeNull();
  });
});

describe('contacts of another account', () => {
  it('are not found, changed or deleted through the services', async () => {
    const contactId = (
      await createContact(acme, { name: 'Jake Peralta', phoneNumber: '+15557000002' }, owner())
    ).id;
    const stored = async () => (await kit.db.select().from(contacts).where(eq(contacts.id, contactId)))[0];
    const before = await stored();
    await expect(getContact(kit.db, other(), contactId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(saveContact(kit.db, other(), { id: contactId, name: 'Renamed' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(deleteContact(kit.db, other(), contactId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await stored()).toEqual(before);
    expect((await getContact(kit.db, owner(), contactId)).contact.name).toBe('Jake Peralta');
  });
});

describe('agent versions and templates of another account', () => {
  it('does not find a version of another agent', async () => {
    const { versionId } = await createAgentVersion(acme, owner(), {
      title: 'Before the launch',
      source: 'staging',
    });
    expect(await findVersion(kit.db, other(), versionId)).toBeNull();
    expect((await findVersion(kit.db, owner(), versionId))?.title).toBe('Before the launch');
    const [row] = await kit.db.select().from(agentVersions).where(eq(agentVersions.id, versionId));
    expect(row?.title).toBe('Before the launch');
  });

  it('does not change or delete a template of another owner', async () => {
    const created = await createTemplate(reseller, { name: 'Front desk' });
    const [template] = await kit.db.select().from(agentTemplates).where(eq(agentTemplates.id, created.id));
    if (!template) throw new Error('the template was not stored');
    const target = { id: template.id, ownerAccountId: kit.ids.globex };
    expect(await updateTemplate(kit.db, target, { name: 'Taken over' })).toBeNull();
    expect(await deleteTemplateRow(kit.db, target)).toBe(false);
    const [row] = await kit.db.select().from(agentTemplates).where(eq(agentTemplates.id, template.id));
    expect(row).toEqual(template);
    expect(
      await updateTemplate(kit.db, { ...target, ownerAccountId: kit.ids.reseller }, { name: 'Reception' }),
    ).toMatchObject({
      name: 'Reception',
    });
  });
});

describe('app installs of another organization', () => {
  it('are not changed or deleted', async () => {
    const install = await insertInstall(kit.db, {
      organizationId: kit.ids.acme,
      appId: 'tenant-check',
      appVersion: '1.0.0',
      appData: { region: 'us' },
      installedBy: null,
    });
    if (!install) throw new Error('the install was not stored');
    expect(await updateInstallData(kit.db, kit.ids.globex, install.id, { region: 'eu' })).toBeNull();
    expect(await deleteInstall(kit.db, kit.ids.globex, install.id)).toBe(false);
    const [row] = await kit.db.select().from(appInstalls).where(eq(appInstalls.id, install.id));
    expect(row).toEqual(install);
    expect(await deleteInstall(kit.db, kit.ids.acme, install.id)).toBe(true);
  });
});

describe('domains and brand profiles of another account', () => {
  it('are not deleted or changed', async () => {
    const added = await acme.post<{ domain: { domain: string } }>('/api/v2/domain', {
      domain: 'tenant-check.example',
    });
    expect(added.status, added.text).toBe(201);
    const domain = added.body.domain;
    expect(await deleteDomainRow(kit.db, kit.ids.globex, domain.domain)).toBe(false);
    expect(await kit.db.select().from(domains).where(eq(domains.domain, domain.domain))).toHaveLength(1);

    const profile = await upsertProfileOfAccount(kit.db, kit.ids.acme, { name: 'Acme' });
    await expect(
      updateProfileImage(kit.db, { id: profile.id, accountId: kit.ids.globex }, '/uploads/planted.png'),
    ).rejects.toThrow();
    const [row] = await kit.db.select().from(domainProfiles).where(eq(domainProfiles.id, profile.id));
    expect(row?.image).toBe(profile.image);
  });
});
