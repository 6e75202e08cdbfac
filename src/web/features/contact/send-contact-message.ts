import { useMutation } from '@tanstack/react-query';
import { ZContactResponse, type ContactRequest } from '../../../contracts/billing';
import { api } from '../../lib/api-client';

/** POST /api/contact -> 201 { id, receivedAt }: the message is kept for the team. */
export function sendContactMessage(request: ContactRequest) {
  return api.post('/api/contact', request, { schema: ZContactResponse });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
