// Helter Skelter's glossary: every term its words module prints (TERMS, and the action symbols it
// prints in capitals), in our own words; and, from the content the API serves, every card,
// character and solo card by name with what it does.

import type { GlossaryEntry } from '../game-ui.ts';
import type { HelterSkelterContent as Content } from './api.ts';
import { soloCardName } from './words.ts';

export const HELTER_SKELTER_GLOSSARY: readonly GlossaryEntry[] = [
  // The action symbols, as the cards, the buttons and the log print them.
  { term: 'MOVE', text: 'Standard action: step to a neighbouring space. Costs one card with the character’s symbol (two next to Judge Fear). A Dark Judge’s MOVE is one step towards your nearest character.' },
  { term: 'CLIMB', text: 'Standard action: step up onto neighbouring high ground. Costs two cards with the character’s symbol.' },
  { term: 'COLLECT FRAGMENT', text: 'Standard action: pick up a fragment of your colour on the character’s space, for a point. Costs three cards with its symbol, or three of one dead character.' },
  { term: 'MELEE', text: 'Combat: an enemy on your space must BLOCK or lose 1 health. The MELEE symbol also pays for the BLOCK defence.' },
  { term: 'SMASH', text: 'Combat: an enemy on your space must BLOCK or lose 2 health.' },
  { term: 'SNIPE', text: 'Combat: an enemy in line of sight must DEFLECT, PRECOG or (in cover) COVER, or lose 1 health.' },
  { term: 'SHOTGUN', text: 'Combat: an enemy in line of sight, at most two spaces away, must DEFLECT, PRECOG or (in cover) COVER, or lose 2 health.' },
  { term: 'SHOTS', text: 'A Dark Judge’s shot on a solo card: a SNIPE at the nearest of your characters he can see.' },
  { term: 'EXPLODE', text: 'Combat: every character on your space or a neighbouring one you pick must DEFLECT or PRECOG or lose 1 health; your own too. No line of sight needed.' },
  { term: 'PSI', text: 'Combat: an enemy in line of sight must throw away a card with its own symbol, or lose 1 health. The PSI symbol also pays for the PRECOG defence.' },
  { term: 'FLY', text: 'Move up to two spaces, onto high ground at no extra cost, over (not onto) falls.' },
  { term: 'RALLY', text: 'You and a teammate on or next to your space may each MOVE or CLIMB, as one action.' },
  { term: 'HEAL', text: 'A teammate on or next to your space, or the healer, gets 1 health back, never above its starting health.' },
  { term: 'INTERRUPT', text: 'Played out of turn, after another player’s action or end of turn: take an interrupting turn. The symbol is always wild.' },
  { term: 'BLOCK', text: 'Defence against MELEE and SMASH, paid with a MELEE symbol.' },
  { term: 'DEFLECT', text: 'Defence against SNIPE, SHOTGUN and EXPLODE.' },
  { term: 'PRECOG', text: 'Defence against SNIPE, SHOTGUN and EXPLODE, paid with a PSI symbol.' },
  { term: 'COVER', text: 'Defence against SNIPE and SHOTGUN, only for a character on a cover space.' },
  // The words module's TERMS.
  { term: 'Hi-Ex', text: 'Dredd, Anderson and Hershey’s high-explosive rounds: their SNIPE may make every character on the target’s space a defender, friends too. Each defends alone.' },
  { term: 'wild', text: 'An action symbol linked to no character: any character may use it. A card name ending “(wild)” shows such a symbol; otherwise the brackets name the one character who may use it.' },
  { term: 'map card', text: 'A numbered card naming a space. Used at set-up, unseen, to say where characters will appear and where fragments lie; each is removed from the game once used.' },
  { term: 'solo card', text: 'A card of the Dark Judges’ solo deck: a row of actions for each Dark Judge, and a defence (BLOCK, DEFLECT or none) used when one is attacked. The glossary lists each by number.' },
  { term: 'fragment', text: 'A fragment of reality: a disc of your colour on the map; collecting it is worth a point.' },
  { term: 'warp cube', text: 'Counts the damage Sláine’s MELEE and SMASH have dealt; as many warp cubes as health and he becomes Warp-Sláine.' },
  { term: 'vampirism', text: 'Durham Red regains a health cube (up to three) when her MELEE damages an enemy.' },
  { term: 'interrupting turn', text: 'A turn taken out of order by playing INTERRUPT: deploy and act as usual, draw nothing, and play returns to the active player.' },
  { term: 'active player marker', text: 'Shows whose normal turn it is; an interrupting turn does not move it.' },
  { term: 'armour', text: 'The Dark Judges’ armour token: protected, it absorbs the first hit (only 1 of a SMASH or SHOTGUN) and turns vulnerable; vulnerable, damage goes through. It turns back to protected at the end of each turn.' },
  { term: 'space', text: 'One of the map’s forty numbered areas; figures stand on spaces, and spaces sharing a border are neighbours.' },
  { term: 'eliminated', text: 'A player whose characters are all dead is out, and the game ends: the remaining player with the most points wins.' },
  { term: 'stalemate', text: 'Every player still in the game holds seven cards that can never be played, and no INTERRUPT: nothing could change the score any more, so the game ends there and the most points win.' },
  { term: 'discard pile', text: 'The cards you have spent; shuffled into a new deck when your deck runs out.' },
];

const action = (card: Content['cards'][number], character: (id: string) => string) =>
  `${card.action} symbol ${card.linkedTo === null ? 'wild (any character may use it)' : `linked to ${character(card.linkedTo)}`}; pays for standard actions of ${card.characters.map(character).join(' or ')}.`;

/** Every card, character and solo card by name, with what it does. */
export function contentGlossary(content: Content): GlossaryEntry[] {
  const names = new Map(content.characters.map((entry) => [entry.id, entry.name]));
  const character = (id: string) => names.get(id) ?? 'another character';
  const specials = new Map(content.specials.map((entry) => [entry.id, entry.name]));
  const teams = new Map(content.teams.map((entry) => [entry.id, entry.name]));
  // Two cards of one deck may share a name: one entry, the same words.
  const cards = new Map(content.cards.map((card) => [card.name, { term: card.name, text: `Action card of ${teams.get(card.team)}: ${action(card, character)}` }]));
  return [
    ...content.characters.map((entry) => ({
      term: entry.name,
      text: `${teams.get(entry.team)}: starting health ${entry.health}; linked actions ${entry.linked.join(', ') || 'none'}${
        entry.specials.length ? `; ${entry.specials.map((id) => specials.get(id) ?? id).join(', ')}` : ''
      }.`,
    })),
    ...cards.values(),
    ...content.soloCards.map((card) => ({
      term: soloCardName(card.id),
      text: `${Object.entries(card.rows)
        .map(([judge, steps]) => `${character(judge)}: ${steps.length ? steps.map((step) => `${step.action}${step.passOn ? ' (passed on)' : ''}`).join(', ') : 'nothing'}`)
        .join('; ')}. Defence: ${card.defence ?? 'none'}.`,
    })),
  ];
}
