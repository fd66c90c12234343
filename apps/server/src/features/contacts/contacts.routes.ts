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
      // A contact id acts for the contact's own account, which the guard checked the caller may act for.
      getContact: async ({ params }) => getContact(db, await contactOwner(db, params.id), params.id),
      saveContact: async ({ body, ctx }) =>
        saveContact(db, body.id === undefined ? ctx.accountId : await contactOwner(db, body.id), body),
      deleteContact: async ({ body }) => deleteContact(db, await contactOwner(db, body.id), body.id),
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
