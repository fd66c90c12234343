// The log fields a person reads, derived in SQL when a log is listed or exported (on the `cl` alias of
// conversation_logs): names instead of addresses and ids, what became of the conversation, and what it was about.
// Each is a correlated lookup by primary key or an indexed column, confined to the row's own account.

/** The room's own columns, when the row names a room of its own account (imported rows may name none). */
const roomColumn = (column: 'contact_address' | 'contact_name') =>
  `(SELECT r.${column} FROM rooms r WHERE r.room_id = cl.room_id AND r.account_id = cl.account_id)`;

const roomAddress = roomColumn('contact_address');

/** A browser conversation of a signed-in person has the room address `web-user:<user id>`. */
const signedInPerson = `(${roomAddress} ~ '^web-user:[0-9]{1,9}$')`;

const personName =
  `(SELECT NULLIF(btrim(u.name), '') FROM users u WHERE u.id = ` +
  `(CASE WHEN ${signedInPerson} THEN substr(${roomAddress}, 10)::integer END))`;

/** The contact's number: the caller on an inbound conversation, the one called on an outbound one. */
const contactNumber = `(CASE WHEN cl.direction = 'outbound' THEN cl.to_number ELSE cl.from_number END)`;
const agentNumber = `(CASE WHEN cl.direction = 'outbound' THEN cl.from_number ELSE cl.to_number END)`;

/** The name the agent's account or its organization keeps for that number in its contacts. */
const contactBookName =
  `(SELECT NULLIF(btrim(c.name), '') FROM contacts c WHERE c.phone_number = ${contactNumber} ` +
  `AND c.account_id IN (cl.account_id, cl.organization_id) ORDER BY (c.account_id = cl.account_id) DESC, c.id LIMIT 1)`;

const contactName = `COALESCE(${contactBookName}, NULLIF(btrim(${roomColumn('contact_name')}), ''), NULLIF(btrim(cl.cnam), ''))`;

const testKind = `(CASE WHEN cl.channel = 'chat' THEN 'Test chat by ' ELSE 'Test call by ' END)`;

/** "Test call by Dana Lee" for a signed-in person; else the contact's name, number or address. */
const contact =
  `(CASE WHEN ${signedInPerson} THEN ${testKind} || COALESCE(${personName}, 'a team member') ` +
  `ELSE COALESCE(${contactName}, ${contactNumber}, ${roomAddress}) END)`;

/** The contact's side of from and to: the number when there is one, else the person's or contact's name. */
const contactSide =
  `(CASE WHEN ${signedInPerson} THEN COALESCE(${personName}, 'Team member') ` +
  `ELSE COALESCE(${contactNumber}, ${contactName}, ${roomAddress}) END)`;

/** The agent's side: its name, else its number. */
const agentSide = `COALESCE(NULLIF(btrim(cl.account_name), ''), ${agentNumber})`;

const outcome = `(CASE
  WHEN cl.appointment_booked THEN 'Appointment booked'
  WHEN COALESCE(cl.transfer, '') <> '' THEN 'Transferred to ' || cl.transfer
  WHEN cl.ended_reason = 'transfer' THEN 'Transferred'
  WHEN cl.ended_reason = 'error' THEN 'Failed'
  WHEN cl.ended_reason = 'timeout' THEN 'Timed out'
  WHEN cl.ended_reason = 'agent' THEN 'Ended by the agent'
  WHEN cl.ended_reason = 'caller' THEN CASE WHEN cl.channel IN ('voice', 'phone') THEN 'Caller hung up' ELSE 'Caller left' END
  WHEN cl.ended_reason IS NULL AND cl.channel IN ('sms', 'email') THEN 'Open'
  ELSE 'Completed' END)`;

/** The summary the agent collected, else the contact's first words, cut to 200 characters. */
const summary =
  `left(COALESCE(NULLIF(btrim(cl.collected_data ->> 'summary'), ''), ` +
  `(SELECT btrim(t.entry ->> 'text') FROM jsonb_array_elements(CASE WHEN jsonb_typeof(cl.transcript) = 'array' ` +
  `THEN cl.transcript ELSE '[]'::jsonb END) WITH ORDINALITY AS t(entry, n) ` +
  `WHERE t.entry ->> 'role' = 'contact' AND btrim(COALESCE(t.entry ->> 'text', '')) <> '' ORDER BY t.n LIMIT 1)), 200)`;

/** The SQL of each derived field. */
export const readableFieldColumns = {
  contact,
  from: `(CASE WHEN cl.direction = 'outbound' THEN ${agentSide} ELSE ${contactSide} END)`,
  to: `(CASE WHEN cl.direction = 'outbound' THEN ${contactSide} ELSE ${agentSide} END)`,
  outcome,
  summary,
} as const;
