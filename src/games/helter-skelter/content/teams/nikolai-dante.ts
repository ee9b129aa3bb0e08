// Nikolai Dante — "They rely on their speed to get close to their foes quickly, trading range
// for melee prowess" (rulebook, The Teams). Health, linked symbols and the deck are
// reconstructions (docs/content.md): the rulebook does not print them.

import { cardsOf, character, team, WILD } from './define.ts';

type Romanov = 'nikolai-dante' | 'viktor' | 'jena' | 'elena' | 'lulu';
const card = cardsOf<Romanov>();

export const NIKOLAI_DANTE = team({
  id: 'nikolai-dante',
  name: 'Nikolai Dante',
  roster: [
    character('nikolai-dante', 'nikolai-dante', 'Nikolai Dante', { health: 4, linked: ['MELEE', 'SNIPE'] }),
    character('nikolai-dante', 'viktor', 'Viktor Romanov', { health: 3, linked: ['FLY', 'SMASH'] }),
    character('nikolai-dante', 'jena', 'Tsarina Jena Makarov', { health: 3, linked: ['RALLY', 'SNIPE'] }),
    character('nikolai-dante', 'elena', 'Elena Kurakin', { health: 4, linked: ['SMASH', 'SHOTGUN'] }),
    character('nikolai-dante', 'lulu', 'Lulu Romanov', { health: 3, linked: ['MELEE', 'SMASH'], specials: ['demons'] }),
  ],
  otherForms: [],
  deck: [
    card('nikolai-dante-01', ['nikolai-dante', 'viktor'], 'MELEE', 'nikolai-dante'),
    card('nikolai-dante-02', ['nikolai-dante', 'viktor'], 'FLY', 'viktor'),
    card('nikolai-dante-03', ['nikolai-dante', 'jena'], 'SNIPE', 'nikolai-dante'),
    card('nikolai-dante-04', ['nikolai-dante', 'jena'], 'RALLY', 'jena'),
    card('nikolai-dante-05', ['nikolai-dante', 'elena'], 'MELEE', 'nikolai-dante'),
    card('nikolai-dante-06', ['nikolai-dante', 'elena'], 'SMASH', 'elena'),
    card('nikolai-dante-07', ['nikolai-dante', 'lulu'], 'MELEE', 'lulu'),
    card('nikolai-dante-08', ['nikolai-dante', 'lulu'], 'MELEE', WILD),
    card('nikolai-dante-09', ['viktor', 'jena'], 'SMASH', 'viktor'),
    card('nikolai-dante-10', ['viktor', 'jena'], 'SNIPE', 'jena'),
    card('nikolai-dante-11', ['viktor', 'elena'], 'SMASH', 'viktor'),
    card('nikolai-dante-12', ['viktor', 'elena'], 'DEFLECT', WILD),
    card('nikolai-dante-13', ['viktor', 'lulu'], 'SMASH', 'lulu'),
    card('nikolai-dante-14', ['viktor', 'lulu'], 'INTERRUPT', WILD),
    card('nikolai-dante-15', ['jena', 'elena'], 'SNIPE', 'jena'),
    card('nikolai-dante-16', ['jena', 'elena'], 'SHOTGUN', 'elena'),
    card('nikolai-dante-17', ['jena', 'lulu'], 'MELEE', 'lulu'),
    card('nikolai-dante-18', ['jena', 'lulu'], 'DEFLECT', WILD),
    card('nikolai-dante-19', ['elena', 'lulu'], 'SMASH', 'elena'),
    card('nikolai-dante-20', ['elena', 'lulu'], 'MELEE', WILD),
    card('nikolai-dante-21', ['nikolai-dante'], 'SNIPE', 'nikolai-dante'),
    card('nikolai-dante-22', ['nikolai-dante'], 'MELEE', WILD),
    card('nikolai-dante-23', ['viktor'], 'FLY', 'viktor'),
    card('nikolai-dante-24', ['viktor'], 'INTERRUPT', WILD),
    card('nikolai-dante-25', ['jena'], 'RALLY', 'jena'),
    card('nikolai-dante-26', ['jena'], 'COVER', WILD),
    card('nikolai-dante-27', ['elena'], 'SHOTGUN', 'elena'),
    card('nikolai-dante-28', ['elena'], 'DEFLECT', WILD),
    card('nikolai-dante-29', ['lulu'], 'SMASH', 'lulu'),
    card('nikolai-dante-30', ['lulu'], 'INTERRUPT', WILD),
  ],
});
