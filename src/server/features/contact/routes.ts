import type { FastifyPluginAsync } from 'fastify';
import { ZContactRequest, type ContactResponse } from '../../../contracts/billing';
import { parseWith } from '../../http/errors';
import { sendContactMessage } from './service';

/** Messages per IP address (/64) and hour: enough for a person, not for a script filling the table. */
export const CONTACT_MESSAGES_PER_HOUR = 5;
const CONTACT_LIMIT = { rateLimit: { max: CONTACT_MESSAGES_PER_HOUR, timeWindow: 60 * 60_000 } };

/** POST /api/contact: the /contact form, open to visitors; 201 with the stored message's id. */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services.contact;
  app.post('/contact', { config: CONTACT_LIMIT }, async (request, reply) => {
    const input = parseWith(ZContactRequest, request.body);
    const body: ContactResponse = await sendContactMessage({ db, userId: request.user?.id, input });
    return reply.status(201).send(body);
  });
};
