import { api } from './client';
import { sessionMiddleware } from './session-middleware';
import { staffActivityMiddleware } from './staff-activity';

api.use(sessionMiddleware);
api.use(staffActivityMiddleware);

export { apiErrorText } from './error-text';
export { api, ApiError, toApiError, unwrap, type ApiBody, type ApiData, type ApiErrorDetails, type ApiPath } from './client';
export { newIdempotencyKey } from './idempotency-key';
export { staffActivity } from './staff-activity';
export type { paths, components } from './schema';
export { useCall, type CallCallbacks } from './use-call';
export { isRetryableError, useIdempotentMutation, type SendCallbacks } from './use-idempotent-mutation';
