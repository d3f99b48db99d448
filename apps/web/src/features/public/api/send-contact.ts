import { api, unwrap, useCall, type ApiBody, type ApiPath } from '../../../lib/api';

/** Where the ALTCHA widget fetches its proof-of-work challenge (the widget calls it itself). */
export const CONTACT_CHALLENGE_URL = '/api/contact/challenge' satisfies ApiPath;

/** POST /api/contact: the four fields and the solved captcha payload ("Fale conosco"). */
export const sendContact = (body: ApiBody<'/api/contact', 'post'>) => unwrap(api.POST('/api/contact', { body }));

export const useSendContact = () => useCall(sendContact);
