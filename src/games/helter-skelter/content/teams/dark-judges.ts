// The Dark Judges — the expansion's fifth team ("Dark Judges expansion"): Judge Death, Judge Fire,
// Judge Mortis and Judge Fear. Health, linked symbols and the deck are reconstructions
// (docs/content.md): the expansion's text does not print them. Edit freely; the content tests say
// whether the result is still well-formed.
//
// Every Dark Judge carries an armour token ("Armour"), is "Driven by Death" (a dead one's symbol
// pays MOVE and CLIMB) and is worth two points to whoever kills him ("Infamous Adversaries");
// Mortis spreads the Cloud of Decay, Fear the Paralysing Aura.

import { cardsOf, character, team, WILD } from './define.ts';

type DarkJudge = 'judge-death' | 'judge-fire' | 'judge-mortis' | 'judge-fear';
const card = cardsOf<DarkJudge>();
const EVERY_DARK_JUDGE = ['armour', 'driven-by-death', 'infamous-adversaries'] as const;

export const DARK_JUDGES = team({
  id: 'dark-judges',
  name: 'The Dark Judges',
  roster: [
    character('dark-judges', 'judge-death', 'Judge Death', { health: 4, linked: ['MELEE', 'SMASH'], specials: [...EVERY_DARK_JUDGE] }),
    character('dark-judges', 'judge-fire', 'Judge Fire', { health: 4, linked: ['EXPLODE', 'SHOTGUN'], specials: [...EVERY_DARK_JUDGE] }),
    character('dark-judges', 'judge-mortis', 'Judge Mortis', {
      health: 4,
      linked: ['MELEE', 'SMASH'],
      specials: [...EVERY_DARK_JUDGE, 'cloud-of-decay'],
    }),
    character('dark-judges', 'judge-fear', 'Judge Fear', { health: 4, linked: ['PSI', 'MELEE'], specials: [...EVERY_DARK_JUDGE, 'paralysing-aura'] }),
  ],
  otherForms: [],
  specials: ['dark-judges-set-up'],
  // Four characters: each pair shares three cards and each Dark Judge has three alone, so every
  // character symbol is on 12 cards. Linked symbols twice each, Mortis's SMASH and Fire's SHOTGUN
  // a third time; wild INTERRUPT 3, DEFLECT 4, COVER 2, MELEE 3.
  deck: [
    card('dark-judges-01', ['judge-death', 'judge-fire'], 'MELEE', 'judge-death'),
    card('dark-judges-02', ['judge-death', 'judge-fire'], 'EXPLODE', 'judge-fire'),
    card('dark-judges-03', ['judge-death', 'judge-fire'], 'INTERRUPT', WILD),
    card('dark-judges-04', ['judge-death', 'judge-mortis'], 'SMASH', 'judge-death'),
    card('dark-judges-05', ['judge-death', 'judge-mortis'], 'MELEE', 'judge-mortis'),
    card('dark-judges-06', ['judge-death', 'judge-mortis'], 'DEFLECT', WILD),
    card('dark-judges-07', ['judge-death', 'judge-fear'], 'PSI', 'judge-fear'),
    card('dark-judges-08', ['judge-death', 'judge-fear'], 'MELEE', WILD),
    card('dark-judges-09', ['judge-death', 'judge-fear'], 'COVER', WILD),
    card('dark-judges-10', ['judge-fire', 'judge-mortis'], 'SHOTGUN', 'judge-fire'),
    card('dark-judges-11', ['judge-fire', 'judge-mortis'], 'SMASH', 'judge-mortis'),
    card('dark-judges-12', ['judge-fire', 'judge-mortis'], 'INTERRUPT', WILD),
    card('dark-judges-13', ['judge-fire', 'judge-fear'], 'EXPLODE', 'judge-fire'),
    card('dark-judges-14', ['judge-fire', 'judge-fear'], 'MELEE', 'judge-fear'),
    card('dark-judges-15', ['judge-fire', 'judge-fear'], 'DEFLECT', WILD),
    card('dark-judges-16', ['judge-mortis', 'judge-fear'], 'PSI', 'judge-fear'),
    card('dark-judges-17', ['judge-mortis', 'judge-fear'], 'MELEE', WILD),
    card('dark-judges-18', ['judge-mortis', 'judge-fear'], 'INTERRUPT', WILD),
    card('dark-judges-19', ['judge-death'], 'MELEE', 'judge-death'),
    card('dark-judges-20', ['judge-death'], 'SMASH', 'judge-death'),
    card('dark-judges-21', ['judge-death'], 'DEFLECT', WILD),
    card('dark-judges-22', ['judge-fire'], 'SHOTGUN', 'judge-fire'),
    card('dark-judges-23', ['judge-fire'], 'SHOTGUN', 'judge-fire'),
    card('dark-judges-24', ['judge-fire'], 'COVER', WILD),
    card('dark-judges-25', ['judge-mortis'], 'MELEE', 'judge-mortis'),
    card('dark-judges-26', ['judge-mortis'], 'SMASH', 'judge-mortis'),
    card('dark-judges-27', ['judge-mortis'], 'SMASH', 'judge-mortis'),
    card('dark-judges-28', ['judge-fear'], 'MELEE', 'judge-fear'),
    card('dark-judges-29', ['judge-fear'], 'MELEE', WILD),
    card('dark-judges-30', ['judge-fear'], 'DEFLECT', WILD),
  ],
});
