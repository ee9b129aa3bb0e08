// Helter Skelter's rules reference, in our own words. The rulebook and the Dark Judges summary
// (/work/shared/seeds/) are the authority and are not copied here; where the service decides what
// they leave open, docs/rulings.md says so. Section ids are stable: the table maps its situations
// to them (rulesSection in table.tsx) and addresses name them (/rules/helter-skelter?section=…).

import type { RuleSection } from '../game-ui.ts';

export const HELTER_SKELTER_RULES: readonly RuleSection[] = [
  {
    id: 'goal',
    title: 'The goal',
    paragraphs: [
      'Each player leads a team of five characters on one of two maps of a broken Mega-City One. You score a point for every fragment of reality of your own colour that you pick up, and a point for every enemy character your attacks kill.',
      'The first player to reach five points wins at once. A Dark Judge killed by another player is worth two points (Infamous Adversaries).',
    ],
  },
  {
    id: 'setup',
    title: 'Set-up',
    paragraphs: [
      'Each player is dealt ten map cards (with two players, the cards marked for more players are left out). You secretly put one under each of your characters: that is the space where the character will appear. The five cards left over go to the player on your right, and the cards you receive from your left say where your own fragments lie on the map.',
      'Ukko (Sláine’s team) gets two map cards and appears on either of them. A Dark Judges player removes one more map card unseen and places no fragments: the cards handed to them are simply discarded.',
      'Everyone draws seven action cards. The player whose fragment lies on the lowest-numbered space goes first.',
    ],
  },
  {
    id: 'turn',
    title: 'A turn',
    paragraphs: [
      'First you deploy a character that is still off the board, if you have one: its map card is revealed and the figure is placed on that space.',
      'Then you may, as often as you like and in any order, deploy another character or take one action, paying its cost in cards from your hand. One action at a time: each is finished, defences and damage included, before the next starts.',
      'When you are done you declare the end of your turn (other players may INTERRUPT now), draw three cards without going above seven in hand, and the turn passes to your left. An empty deck is refilled by shuffling your discards.',
    ],
  },
  {
    id: 'cards',
    title: 'Paying with cards',
    paragraphs: [
      'Every action card shows one or two character symbols and one action symbol. Standard actions (MOVE, CLIMB, collecting a fragment) are paid with cards showing the acting character’s symbol.',
      'Combat actions and defences are paid with one card showing the right action symbol. The symbol must either be linked to the character using it, or be wild (linked to nobody), which any character may use. A card spent on one thing cannot be used for anything else.',
    ],
  },
  {
    id: 'actions',
    title: 'Standard actions: moving and collecting',
    paragraphs: [
      'MOVE (one card): step to a neighbouring space that shares a border. Not through walls, not onto falls, and not up onto high ground.',
      'CLIMB (two cards): step up from ordinary ground onto a neighbouring high-ground space.',
      'Collect a fragment (three cards): pick up a fragment of your colour on the character’s space; it is worth a point. The three cards may instead all show one of your dead characters.',
    ],
  },
  {
    id: 'combat',
    title: 'Combat actions',
    paragraphs: [
      'MELEE: an enemy on your space must BLOCK or lose 1 health. SMASH: the same, but 2 health.',
      'SNIPE: an enemy you can see must DEFLECT, PRECOG, or COVER if standing in cover, or lose 1 health. SHOTGUN: the same against an enemy you can see at most two spaces away, for 2 health.',
      'EXPLODE: pick your own space or a neighbouring one with an enemy on it; everyone there, your own characters too, must DEFLECT or PRECOG or lose 1 health. No line of sight is needed.',
      'PSI: an enemy you can see must throw away a card showing its own character symbol, or lose 1 health.',
      'FLY: move up to two spaces, up onto high ground for free, over falls but not ending on one. RALLY: you and a teammate on your space or next to it may each MOVE or CLIMB (each CLIMB costs one more card). HEAL: a teammate on your space or next to it, or the character itself, gets 1 health back, never above its starting health.',
    ],
  },
  {
    id: 'defence',
    title: 'Defence',
    paragraphs: [
      'When you are attacked, a defence is made before the damage is dealt: online, by default, at once with your cheapest card that will do (or you take the damage); standing orders can ask you each time instead. A defence cancels all of that attack’s damage to that character, and costs one card with the right symbol, linked to the defender or wild.',
      'BLOCK (a MELEE symbol) stops MELEE and SMASH. DEFLECT stops SNIPE, SHOTGUN and EXPLODE. PRECOG (a PSI symbol) stops the same three. COVER stops SNIPE and SHOTGUN, but only on a cover space.',
      'Against PSI there is no defence card: you throw away a card showing the defender’s symbol, or take the damage. Each defender of one attack (Hi-Ex, EXPLODE) decides alone. If you are asked and do not answer before the deadline, the damage is taken (against PSI, the first card that can be thrown away goes).',
    ],
  },
  {
    id: 'interrupt',
    title: 'INTERRUPT',
    paragraphs: [
      'After any other player finishes an action, or declares the end of a turn, you may play a card with the INTERRUPT symbol to take an interrupting turn: deploy and take actions as in a normal turn, then declare its end. You draw no cards for it, and the active player keeps the marker.',
      'You cannot INTERRUPT straight after an INTERRUPT, but you can interrupt someone else’s interrupting turn after one of its actions. When several players want to, the one whose turn comes soonest goes. Online nobody waits for you: say in advance when you want to INTERRUPT (after the next action, at the end of this turn, or when one of your characters is attacked) and your card is played for you at that moment. Standing orders can instead ask you every time, or only at the end of a turn, which slows the game.',
    ],
  },
  {
    id: 'board',
    title: 'The map and line of sight',
    paragraphs: [
      'Each map has forty numbered spaces. Spaces that share a border are neighbours; a wall between them means they are not. Falls cannot be stood on.',
      'Cover spaces (their number in a black circle) allow the COVER defence and block sight between other spaces. High ground (hatched) must be climbed onto.',
      'SNIPE, SHOTGUN and PSI need line of sight, traced between the numbers of the two spaces. Walls always block it. From ordinary ground you cannot see onto high ground, and high ground in between blocks the view; cover spaces in between block it too. From high ground, cover does not block, but other high ground does when the target stands low. You always see your own space.',
    ],
  },
  {
    id: 'damage',
    title: 'Damage and death',
    paragraphs: [
      'Each damage removes one health cube. A character with none left is killed; if an enemy’s attack did it, that player takes the figure as a point. Killing your own character scores nothing.',
      'A player whose characters are all dead is eliminated, and that ends the game (see The end).',
    ],
  },
  {
    id: 'specials',
    title: 'Team specials',
    paragraphs: [
      'Hi-Ex (Dredd, Anderson, Hershey): a SNIPE may hit every character on the target’s space, friends included; each defends alone.',
      'Vampirism (Durham Red): when her MELEE damages an enemy she may regain a health cube, up to three. Demons (Lulu): her MELEE or SMASH may target an enemy on a neighbouring space.',
      'Warp-spasm (Sláine): his MELEE and SMASH damage puts warp cubes on him; once he has as many warp cubes as health he becomes Warp-Sláine, with the same health. Berserk (Warp-Sláine): any MELEE symbol pays for SMASH, but he can never BLOCK. Stealth (Ukko): two map cards at set-up, appears on either.',
    ],
  },
  {
    id: 'dark-judges',
    title: 'The Dark Judges as a team',
    paragraphs: [
      'Armour: the first attack on a protected Dark Judge turns his armour token to vulnerable instead of hurting him (against SMASH or SHOTGUN he still loses 1). An attack on a vulnerable Dark Judge hurts as normal. A successful defence leaves the armour as it was. At the end of every turn the armour becomes protected again.',
      'Driven by Death: cards of a dead Dark Judge may pay for any character’s MOVE (one card) or CLIMB (two). Cloud of Decay: a character that starts a turn on Judge Mortis’s space must DEFLECT or PRECOG or lose 1 health. Paralysing Aura: a MOVE from Judge Fear’s space costs two cards. Neither touches the other Dark Judges.',
    ],
  },
  {
    id: 'solo',
    title: 'Solo against the Dark Judges',
    paragraphs: [
      'You play one team against the four Dark Judges, who are run by solo cards. Your fragments and characters, then the Dark Judges, are placed from map cards; you choose which of your characters goes on which drawn space. All your characters start on the board and you move first.',
      'When you attack a Dark Judge, a solo card is drawn for him: if it shows the defence that fits the attack, he avoids the damage. PSI is never defended against (armour still applies).',
      'You win with six points or when all four Dark Judges are dead; the Dark Judges win when all your characters are. Each kill of a Dark Judge doubles the fragments you have collected.',
    ],
  },
  {
    id: 'solo-turn',
    title: 'The Dark Judges’ turn (solo)',
    paragraphs: [
      'After your turn the armour resets and the Dark Judges act from two solo cards, one after the other. On each card, Judge Fire acts first, then Judge Fear, Judge Mortis and Judge Death, each taking the actions on his row from left to right.',
      'MOVE: one step along the shortest path towards your nearest character, unless already with one. MELEE and SMASH: a character on his space. SHOTS and SHOTGUN: the nearest character he can see (SHOTGUN at most two spaces away). EXPLODE: his own or a neighbouring space with your characters. With nothing to target, the action does nothing.',
      'With several targets he takes the lowest-numbered space, then the character with the least health; if that still ties, you are asked to choose. A dead Dark Judge’s marked actions pass to the next living one at once; his unmarked ones are lost.',
    ],
  },
  {
    id: 'end',
    title: 'The end',
    paragraphs: [
      'The game ends as soon as a player reaches the points needed (five; six in solo). It also ends when a player is eliminated: of the players left, the one with the most points wins. If they are tied, the tied players play on until one leads.',
    ],
  },
];
