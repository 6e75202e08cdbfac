import { contactAccountData } from './data-export';
import { defineFeature } from '../../feature';
import { contactRoutes } from './routes';
import { contactMessage } from './schema';

/** POST /api/contact: the /contact form's messages, kept for the admins. */
export const contactFeature = defineFeature({
  name: 'contact',
  tables: [{ table: contactMessage, exportedIn: 'contactMessages' }],
  accountData: contactAccountData,
  context: ({ db }) => ({ db }),
  routes: [{ plugin: contactRoutes, prefix: '/api' }],
});
