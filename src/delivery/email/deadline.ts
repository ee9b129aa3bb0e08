// A deadline as the player reads it: their own clock, with the zone named so that nobody has to
// guess whether "14:30" was meant in London or in New York.

/** The player's IANA zone if the runtime knows it, otherwise UTC: a stored zone may be stale or mistyped. */
export function usableTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** E.g. "Tuesday, 3 March 2026 at 14:30 GMT-5 (America/New_York)"; "… at 19:30 UTC" in UTC. */
export function formatDeadline(iso: string, timeZone: string): string {
  const zone = usableTimeZone(timeZone);
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(iso));
  return zone === 'UTC' ? local : `${local} (${zone})`;
}
