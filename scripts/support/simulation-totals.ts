// The lines every game's simulation prints first, in the same words, so that a reader (or a CI
// log) compares games at a glance: a rule error and a stall mean the same thing in each.

export interface SimulationTotals {
  games: number;
  completed: number;
  unfinished: number;
  /** Games a rule error ended: a listed command refused, or a seat awaited with nothing to do but give up. */
  ruleErrors: number;
  /** Deadlines that passed and changed nothing. */
  stalls: number;
  events: number;
  commands: number;
}

export function printTotals(t: SimulationTotals): void {
  const played = Math.max(1, t.games - t.ruleErrors);
  console.log(`games played:        ${t.games}`);
  console.log(`games completed:     ${t.completed}`);
  console.log(`games unfinished:    ${t.unfinished} (stopped at the command cap)`);
  console.log(`rule errors:         ${t.ruleErrors} (a listed command refused, a seat awaited with nothing to do but give up)`);
  console.log(`stalls:              ${t.stalls} (a deadline that passed and changed nothing)`);
  console.log(`avg events per game: ${(t.events / played).toFixed(1)}`);
  console.log(`avg commands / game: ${(t.commands / played).toFixed(1)}`);
}
