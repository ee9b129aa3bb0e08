// Refusals the service gives, as kinds the HTTP layer maps to statuses (404, 403, 409, 422 …).
// The service knows no HTTP; the API knows no rules. The type lives in src/platform/refusal.ts,
// so that authentication and notifications refuse the same way without importing the service.

export { Refusal, notFound, type RefusalKind } from '../platform/refusal.ts';
