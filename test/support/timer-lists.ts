// Counts Node's timer lists. Node keeps one list per timer duration and deletes a cleared timer's
// list at once only if the timer was ref'd, so a count that grows is a leak of one list per duration.

import v8 from 'node:v8';

// Node does not export the class; a timer's neighbour in its list is the list itself.
const probe = setTimeout(() => undefined, 123_457);
const TimersList = (probe as unknown as { _idlePrev: object })._idlePrev.constructor as new () => object;
clearTimeout(probe);

/** How many timer lists the heap holds now. */
export function timerLists(): number {
  return v8.queryObjects(TimersList, { format: 'count' }) as number;
}
