import { contactsEndpoints } from '@switchboard/contract';
import type { Feature } from '../feature';
import { contactOwner, deleteContact, getContact, listContacts, saveContact } from './contacts.service';
import { searchInbox } from './search.service';

/** Contacts (linked to rooms by phone number) and the search over contacts, conversations and messages. */
export const contactsFeature: Feature = {
  name: 'contacts',
  ownerResolvers: ({ db }) => ({
    contact: (id) => {
      const contactId = Number(id);
      return Number.isSafeInteger(contactId) && contactId > 0
        ? contactOwner(db, contactId)
        : Promise.resolve(null);
    },
  }),
  registerRoutes({ implement, db }) {
    implement(contactsEndpoints)({
      listContacts: ({ query, ctx }) => listContacts(db, ctx.accountId, query),
      getContact: ({ params }) => getContact(db, params.id),
      saveContact: ({ body, ctx }) => saveContact(db, ctx.accountId, body),
      deleteContact: ({ body }) => deleteContact(db, body.id),
      search: ({ params, query, ctx }) =>
        searchInbox(db, ctx.accountId, {
          target: params.target,
          phrase: query.phrase,
          limit: query.limit,
          enhanced: false,
        }),
      enhancedSearch: ({ params, query, ctx }) =>
        searchInbox(db, ctx.accountId, {
          target: params.target,
          phrase: query.phrase,
          limit: query.limit,
          enhanced: true,
        }),
    });
  },
};
