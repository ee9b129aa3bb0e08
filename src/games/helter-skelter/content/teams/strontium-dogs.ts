// The Strontium Dogs — "rely on their ranged capabilities, but they aren't afraid to get
// up-close and personal" (rulebook, The Teams). Health, linked symbols and the deck are
// reconstructions (docs/content.md): the rulebook does not print them.

import { cardsOf, character, team, WILD } from './define.ts';

type StrontiumDog = 'johnny-alpha' | 'middenface' | 'durham-red' | 'wulf' | 'gronk';
const card = cardsOf<StrontiumDog>();

export const STRONTIUM_DOGS = team({
  id: 'strontium-dogs',
  name: 'The Strontium Dogs',
  roster: [
    character('strontium-dogs', 'johnny-alpha', 'Johnny Alpha', { health: 3, linked: ['SNIPE', 'PSI'] }),
    character('strontium-dogs', 'middenface', 'Middenface McNulty', { health: 4, linked: ['EXPLODE', 'SMASH'] }),
    // Vampirism: "She can never have more than three health cubes" — her starting health.
    character('strontium-dogs', 'durham-red', 'Durham Red', { health: 3, linked: ['MELEE', 'SMASH'], specials: ['vampirism'] }),
    character('strontium-dogs', 'wulf', 'Wulf Sternhammer', { health: 4, linked: ['SMASH', 'MELEE'] }),
    character('strontium-dogs', 'gronk', 'The Gronk', { health: 2, linked: ['HEAL'] }),
  ],
  otherForms: [],
  deck: [
    card('strontium-dogs-01', ['johnny-alpha', 'middenface'], 'PSI', 'johnny-alpha'),
    card('strontium-dogs-02', ['johnny-alpha', 'middenface'], 'SMASH', 'middenface'),
    card('strontium-dogs-03', ['johnny-alpha', 'durham-red'], 'SNIPE', 'johnny-alpha'),
    card('strontium-dogs-04', ['johnny-alpha', 'durham-red'], 'SMASH', 'durham-red'),
    card('strontium-dogs-05', ['johnny-alpha', 'wulf'], 'PSI', 'johnny-alpha'),
    card('strontium-dogs-06', ['johnny-alpha', 'wulf'], 'MELEE', 'wulf'),
    card('strontium-dogs-07', ['johnny-alpha', 'gronk'], 'HEAL', 'gronk'),
    card('strontium-dogs-08', ['johnny-alpha', 'gronk'], 'DEFLECT', WILD),
    card('strontium-dogs-09', ['middenface', 'durham-red'], 'EXPLODE', 'middenface'),
    card('strontium-dogs-10', ['middenface', 'durham-red'], 'MELEE', 'durham-red'),
    card('strontium-dogs-11', ['middenface', 'wulf'], 'SMASH', 'middenface'),
    card('strontium-dogs-12', ['middenface', 'wulf'], 'SMASH', 'wulf'),
    card('strontium-dogs-13', ['middenface', 'gronk'], 'SNIPE', WILD),
    card('strontium-dogs-14', ['middenface', 'gronk'], 'COVER', WILD),
    card('strontium-dogs-15', ['durham-red', 'wulf'], 'SMASH', 'durham-red'),
    card('strontium-dogs-16', ['durham-red', 'wulf'], 'MELEE', 'wulf'),
    card('strontium-dogs-17', ['durham-red', 'gronk'], 'MELEE', WILD),
    card('strontium-dogs-18', ['durham-red', 'gronk'], 'DEFLECT', WILD),
    card('strontium-dogs-19', ['wulf', 'gronk'], 'MELEE', WILD),
    card('strontium-dogs-20', ['wulf', 'gronk'], 'INTERRUPT', WILD),
    card('strontium-dogs-21', ['johnny-alpha'], 'SNIPE', 'johnny-alpha'),
    card('strontium-dogs-22', ['johnny-alpha'], 'DEFLECT', WILD),
    card('strontium-dogs-23', ['middenface'], 'EXPLODE', 'middenface'),
    card('strontium-dogs-24', ['middenface'], 'INTERRUPT', WILD),
    card('strontium-dogs-25', ['durham-red'], 'MELEE', 'durham-red'),
    card('strontium-dogs-26', ['durham-red'], 'COVER', WILD),
    card('strontium-dogs-27', ['wulf'], 'SMASH', 'wulf'),
    card('strontium-dogs-28', ['wulf'], 'MELEE', WILD),
    card('strontium-dogs-29', ['gronk'], 'HEAL', 'gronk'),
    card('strontium-dogs-30', ['gronk'], 'INTERRUPT', WILD),
  ],
});
