// How `npm run bench:bots` prints one bot's decision times: a line per group (all, a seat count, a
// situation), with its median, p90, p99 and max, and how many positions it holds.

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** `times`: milliseconds by group, each position timed `runs` times. */
export function printDecisionTimes(times: ReadonlyMap<string, number[]>, runs: number): void {
  for (const [group, list] of times) {
    const sorted = list.slice().sort((a, b) => a - b);
    console.log(
      `${group.padEnd(16)} median ${at(sorted, 50).toFixed(3)} ms   p90 ${at(sorted, 90).toFixed(2)} ms   p99 ${at(sorted, 99).toFixed(1)} ms   max ${sorted.at(-1)!.toFixed(1)} ms   (${list.length / runs} positions)`,
    );
  }
}
