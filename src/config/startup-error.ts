/**
 * A start-up failure the operator can fix: bad configuration, a port or data directory already in
 * use, a database that cannot be reached. The process prints its message, one line, and exits.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
