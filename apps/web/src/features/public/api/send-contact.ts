import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ContactSentDto } from '@guarita/domain';
import { api, json } from '../../../lib/api-client';

/** Where the ALTCHA widget fetches its proof-of-work challenge. */
export const CONTACT_CHALLENGE_URL = '/api/contact/challenge';

/** POST /api/contact: the four fields and the solved captcha payload ("Fale conosco"). */
export const sendContact = (body: ContactRequest) => api<ContactSentDto>('/api/contact', { method: 'POST', body: json(body), auth: false });

export const useSendContact = () => useMutation({ mutationFn: sendContact });
