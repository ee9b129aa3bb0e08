// Sláine — "Outnumbered and outgunned, they rely on brute force and cunning play to reach
// victory" (rulebook, The Teams). Four characters start; Warp-Sláine enters only through
// warp-spasm. Health, linked symbols and the deck are reconstructions (docs/content.md).

import { cardsOf, character, team, WILD } from './define.ts';

type Sessair = 'slaine' | 'ukko' | 'niamh' | 'kai';
const card = cardsOf<Sessair>();

export const SLAINE = team({
  id: 'slaine',
  name: 'Sláine',
  roster: [
    character('slaine', 'slaine', 'Sláine Mac Roth', {
      health: 4,
      linked: ['MELEE', 'SMASH'],
      specials: ['warp-spasm'],
      transformsInto: 'warp-slaine',
    }),
    character('slaine', 'ukko', 'Ukko', { health: 3, linked: ['MELEE', 'SMASH'], specials: ['stealth'] }),
    character('slaine', 'niamh', 'Niamh', { health: 3, linked: ['FLY', 'MELEE'] }),
    character('slaine', 'kai', 'Kai', { health: 3, linked: ['HEAL', 'PSI'] }),
  ],
  otherForms: [
    // "Warp-Sláine enters play with the same health as Sláine left with"; 4 is the cap, as for Sláine.
    character('slaine', 'warp-slaine', 'Warp-Sláine', {
      health: 4,
      linked: ['MELEE', 'SMASH'],
      specials: ['berserk'],
      symbol: 'slaine',
    }),
  ],
  deck: [
    card('slaine-01', ['slaine', 'ukko'], 'SMASH', 'slaine'),
    card('slaine-02', ['slaine', 'ukko'], 'MELEE', 'ukko'),
    card('slaine-03', ['slaine', 'ukko'], 'SMASH', WILD),
    card('slaine-04', ['slaine', 'niamh'], 'SMASH', 'slaine'),
    card('slaine-05', ['slaine', 'niamh'], 'MELEE', 'niamh'),
    card('slaine-06', ['slaine', 'niamh'], 'FLY', 'niamh'),
    card('slaine-07', ['slaine', 'kai'], 'MELEE', 'slaine'),
    card('slaine-08', ['slaine', 'kai'], 'HEAL', 'kai'),
    card('slaine-09', ['slaine', 'kai'], 'DEFLECT', WILD),
    card('slaine-10', ['ukko', 'niamh'], 'MELEE', 'ukko'),
    card('slaine-11', ['ukko', 'niamh'], 'MELEE', 'niamh'),
    card('slaine-12', ['ukko', 'niamh'], 'MELEE', WILD),
    card('slaine-13', ['ukko', 'kai'], 'SMASH', 'ukko'),
    card('slaine-14', ['ukko', 'kai'], 'PSI', 'kai'),
    card('slaine-15', ['ukko', 'kai'], 'INTERRUPT', WILD),
    card('slaine-16', ['niamh', 'kai'], 'MELEE', WILD),
    card('slaine-17', ['niamh', 'kai'], 'DEFLECT', WILD),
    card('slaine-18', ['niamh', 'kai'], 'COVER', WILD),
    card('slaine-19', ['slaine'], 'SMASH', 'slaine'),
    card('slaine-20', ['slaine'], 'MELEE', 'slaine'),
    card('slaine-21', ['slaine'], 'INTERRUPT', WILD),
    card('slaine-22', ['ukko'], 'SMASH', 'ukko'),
    card('slaine-23', ['ukko'], 'DEFLECT', WILD),
    card('slaine-24', ['ukko'], 'COVER', WILD),
    card('slaine-25', ['niamh'], 'FLY', 'niamh'),
    card('slaine-26', ['niamh'], 'INTERRUPT', WILD),
    card('slaine-27', ['niamh'], 'MELEE', WILD),
    card('slaine-28', ['kai'], 'HEAL', 'kai'),
    card('slaine-29', ['kai'], 'PSI', 'kai'),
    card('slaine-30', ['kai'], 'DEFLECT', WILD),
  ],
});
