import { timeLeft } from '../format.ts';
import { useNow } from '../hooks.ts';
import { useTimeZone, zonedTime } from '../zone.ts';

/** Time left to a deadline, ticking every second, and the deadline itself in the player's time zone. */
export function Countdown({ deadline, label }: { deadline: string | null | undefined; label: string }) {
  const now = useNow(1000);
  const zone = useTimeZone();
  const left = timeLeft(deadline, now);
  if (!left) return null;
  const urgent = deadline ? Date.parse(deadline) - now < 15_000 : false;
  return (
    <>
      <span class={`countdown${urgent ? ' urgent' : ''}`} role="timer" aria-label={`${label}: ${left} left`}>
        {left} left
      </span>{' '}
      <small class="deadline">(by {zonedTime(deadline!, zone)})</small>
    </>
  );
}
