// The Judges — "fierce fighters who excel when working closely together" (rulebook, The Teams).
// Health, linked symbols and the deck are reconstructions (docs/content.md): the rulebook does
// not print them. Edit freely; the content tests say whether the result is still well-formed.

import { cardsOf, character, team, WILD } from './define.ts';

type Judge = 'dredd' | 'giant' | 'anderson' | 'hershey' | 'mean-machine';
const card = cardsOf<Judge>();

export const JUDGES = team({
  id: 'judges',
  name: 'The Judges',
  roster: [
    character('judges', 'dredd', 'Judge Dredd', { health: 4, linked: ['SNIPE', 'EXPLODE'], specials: ['hi-ex'] }),
    character('judges', 'giant', 'Judge Giant', { health: 3, linked: ['SHOTGUN', 'MELEE'] }),
    character('judges', 'anderson', 'Judge Anderson', { health: 3, linked: ['PSI', 'SNIPE'], specials: ['hi-ex'] }),
    character('judges', 'hershey', 'Chief Judge Hershey', { health: 3, linked: ['RALLY', 'SNIPE'], specials: ['hi-ex'] }),
    character('judges', 'mean-machine', 'Mean Machine', { health: 4, linked: ['SMASH', 'MELEE'] }),
  ],
  otherForms: [],
  deck: [
    // The rulebook's own example card: Dredd and Mean Machine, SNIPE linked to Dredd.
    card('judges-01', ['dredd', 'mean-machine'], 'SNIPE', 'dredd'),
    card('judges-02', ['dredd', 'mean-machine'], 'MELEE', 'mean-machine'),
    card('judges-03', ['dredd', 'giant'], 'EXPLODE', 'dredd'),
    card('judges-04', ['dredd', 'giant'], 'SHOTGUN', 'giant'),
    card('judges-05', ['dredd', 'anderson'], 'SNIPE', 'dredd'),
    card('judges-06', ['dredd', 'anderson'], 'INTERRUPT', WILD),
    card('judges-07', ['dredd', 'hershey'], 'RALLY', 'hershey'),
    card('judges-08', ['dredd', 'hershey'], 'DEFLECT', WILD),
    card('judges-09', ['giant', 'anderson'], 'MELEE', 'giant'),
    card('judges-10', ['giant', 'anderson'], 'PSI', 'anderson'),
    card('judges-11', ['giant', 'hershey'], 'MELEE', 'giant'),
    card('judges-12', ['giant', 'hershey'], 'SNIPE', 'hershey'),
    card('judges-13', ['giant', 'mean-machine'], 'SMASH', 'mean-machine'),
    card('judges-14', ['giant', 'mean-machine'], 'MELEE', WILD),
    card('judges-15', ['anderson', 'hershey'], 'SNIPE', 'anderson'),
    card('judges-16', ['anderson', 'hershey'], 'SNIPE', 'hershey'),
    card('judges-17', ['anderson', 'mean-machine'], 'SNIPE', 'anderson'),
    card('judges-18', ['anderson', 'mean-machine'], 'DEFLECT', WILD),
    card('judges-19', ['hershey', 'mean-machine'], 'MELEE', 'mean-machine'),
    card('judges-20', ['hershey', 'mean-machine'], 'MELEE', WILD),
    card('judges-21', ['dredd'], 'EXPLODE', 'dredd'),
    card('judges-22', ['dredd'], 'DEFLECT', WILD),
    card('judges-23', ['giant'], 'SHOTGUN', 'giant'),
    card('judges-24', ['giant'], 'MELEE', WILD),
    card('judges-25', ['anderson'], 'PSI', 'anderson'),
    card('judges-26', ['anderson'], 'INTERRUPT', WILD),
    card('judges-27', ['hershey'], 'RALLY', 'hershey'),
    card('judges-28', ['hershey'], 'COVER', WILD),
    card('judges-29', ['mean-machine'], 'SMASH', 'mean-machine'),
    card('judges-30', ['mean-machine'], 'INTERRUPT', WILD),
  ],
});
