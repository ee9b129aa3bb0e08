import { timeLeft } from '../format.ts';
import { useNow } from '../hooks.ts';

/** Time left to a deadline, ticking every second. */
export function Countdown({ deadline, label }: { deadline: string | null | undefined; label: string }) {
  const now = useNow(1000);
  const left = timeLeft(deadline, now);
  if (!left) return null;
  const urgent = deadline ? Date.parse(deadline) - now < 15_000 : false;
  return (
    <span class={`countdown${urgent ? ' urgent' : ''}`} role="timer" aria-label={`${label}: ${left} left`}>
      {left} left
    </span>
  );
}
