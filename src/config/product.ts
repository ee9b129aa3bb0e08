// The platform's name, wherever the service names itself to people and machines: email senders,
// the User-Agent of webhooks, the API's title. The games it hosts have their own names
// (GameModule.title).

/** The service's name for people, e.g. in emails: "… on Judge Dredd play-by-web". */
export const PRODUCT_NAME = 'Judge Dredd play-by-web';

/** The service's name for machines (User-Agent, default token issuer, data directory names). */
export const PRODUCT_SLUG = 'judge-dredd-pbw';

/** AUTH_ISSUER's default when no PUBLIC_URL is set: the `iss` of the tokens the service issues. */
export const DEFAULT_TOKEN_ISSUER = PRODUCT_SLUG;
/** AUTH_AUDIENCE's default: the `aud` of the tokens the service issues. */
export const DEFAULT_TOKEN_AUDIENCE = `${PRODUCT_SLUG}-api`;
/** Hashed with a SIGNING_KEY_SECRET into the id stored with every sealed key (src/auth/key-encryption.ts). */
export const KEY_SECRET_LABEL = `${PRODUCT_SLUG} signing key secret\0`;
