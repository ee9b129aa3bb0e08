// The rating maths, from the libraries made for it: Glicko-2 (npm `glicko2`) for 2-player games,
// OpenSkill's Weng–Lin model (npm `openskill`, Plackett–Luce by default) for 3 or more. A game is
// rated on its own, as one rating period, the moment it is finished.

import { Glicko2 } from 'glicko2';
import { ordinal, rate, rating as openSkillRating } from 'openskill';
import type { RatingSystem, RatingValue } from './ports/outcomes.ts';

/** Glicko-2's usual start: 1500, RD 350, volatility 0.06; τ 0.5. */
const GLICKO = { tau: 0.5, rating: 1500, rd: 350, vol: 0.06 } as const;

export const systemFor = (players: number): RatingSystem => (players === 2 ? 'glicko2' : 'openskill');

export function initialRating(system: RatingSystem): RatingValue {
  if (system === 'glicko2') return { rating: GLICKO.rating, deviation: GLICKO.rd, volatility: GLICKO.vol };
  const { mu, sigma } = openSkillRating();
  return { rating: mu, deviation: sigma, volatility: null };
}

/**
 * New ratings from current ones and ranks (1 first; equal ranks tie), in the same order. Glicko-2
 * takes exactly two players: the better rank scores 1, a tie 0.5.
 */
export function rateGame(system: RatingSystem, current: readonly RatingValue[], ranks: readonly number[]): RatingValue[] {
  if (system === 'glicko2') {
    if (current.length !== 2) throw new Error(`Glicko-2 rates 2 players, not ${current.length}`);
    const glicko = new Glicko2(GLICKO);
    const [a, b] = current.map((r) => glicko.makePlayer(r.rating, r.deviation, r.volatility ?? GLICKO.vol)) as [GlickoPlayer, GlickoPlayer];
    const score = ranks[0]! < ranks[1]! ? 1 : ranks[0]! > ranks[1]! ? 0 : 0.5;
    glicko.updateRatings([[a, b, score]]);
    return [a, b].map((p) => ({ rating: p.getRating(), deviation: p.getRd(), volatility: p.getVol() }));
  }
  const rated = rate(
    current.map((r) => [openSkillRating({ mu: r.rating, sigma: r.deviation })]),
    { rank: [...ranks] },
  );
  return rated.map(([r]) => ({ rating: r!.mu, deviation: r!.sigma, volatility: null }));
}

/** OpenSkill's ordinal (mu − 3σ), the figure shown for a Weng–Lin rating; Glicko-2 shows its rating. */
export const shownRating = (system: RatingSystem, value: RatingValue): number =>
  system === 'glicko2' ? value.rating : ordinal({ mu: value.rating, sigma: value.deviation });

type GlickoPlayer = ReturnType<Glicko2['makePlayer']>;
