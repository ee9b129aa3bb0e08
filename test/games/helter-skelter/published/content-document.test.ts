// The content document clients resolve ids with (GET /v1/games/helter-skelter/content): every id
// the rules use is in it once, with what the rules read from it, and the schema describes it all.

import { describe, expect, it } from 'vitest';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import { MAP_IDS } from '../../../../src/games/helter-skelter/board/index.ts';
import { MULTIPLAYER_DESIGNATIONS, TEAMS, cardById, characterDef } from '../../../../src/games/helter-skelter/content/index.ts';
import { TEAM_IDS } from '../../../../src/games/helter-skelter/content/types.ts';
import { contentDocument } from '../../../../src/games/helter-skelter/published/content-document.ts';
import { contentSchema } from '../../../../src/games/helter-skelter/published/content-schema.ts';
import { schemaErrors } from './schema-check.ts';
import { SOLO_CARDS } from '../../../../src/games/helter-skelter/content/solo/solo-cards.ts';

const doc = contentDocument();
const deckCards = TEAM_IDS.flatMap((id) => TEAMS[id].deck);
const allCharacters = TEAM_IDS.flatMap((id) => [...TEAMS[id].roster, ...TEAMS[id].otherForms]);
const unique = (ids: readonly unknown[]) => new Set(ids).size === ids.length;

describe('the content document', () => {
  it('fits its schema exactly: every field documented, none missing', () => {
    expect(schemaErrors(contentSchema, doc)).toEqual([]);
  });

  it('is plain JSON: what a client parses is what the module built', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('is what the module publishes, with self-contained schemas (no $id, no $ref) as the contract asks', () => {
    const published = helterSkelter.content!();
    expect(published.content).toEqual(doc);
    for (const schema of [published.contentSchema, published.mapSchema]) expect(JSON.stringify(schema)).not.toMatch(/"\$(id|ref)"/);
    expect(published.maps.map((m) => m.id)).toEqual([...MAP_IDS]);
  });

  // Solo: "Shuffle the solo cards into a facedown deck" — published like the decks, reconstructed.
  it('lists the Dark Judges’ solo cards as the rules read them, and their activation order', () => {
    expect(doc.soloCards).toEqual(JSON.parse(JSON.stringify(SOLO_CARDS)));
    expect(doc.soloActivationOrder).toEqual(['judge-fire', 'judge-fear', 'judge-mortis', 'judge-death']);
    expect(doc.note).toContain('solo cards');
  });

  it('says it is reconstructed, and where to read why', () => {
    expect(doc.reconstructed).toBe(true);
    expect(doc.note).toContain('docs/content.md');
  });

  it('lists every deck card exactly once, with the symbols the rules read from it', () => {
    expect(unique(doc.cards.map((c) => c.id))).toBe(true);
    expect(doc.cards.map((c) => c.id).sort()).toEqual(deckCards.map((c) => c.id).sort());
    for (const card of doc.cards) {
      const def = cardById(card.id);
      expect(card).toMatchObject({ characters: [...def.characters], action: def.action, linkedTo: def.linkedTo });
      expect(card.team).toBe(characterDef(def.characters[0]!).team);
    }
  });

  it('names a card by its symbols, as the rulebook’s example card reads', () => {
    // judges-01 is the rulebook's own example card: Dredd and Mean Machine, SNIPE linked to Dredd.
    expect(doc.cards.find((c) => c.id === 'judges-01')?.name).toBe('Judge Dredd & Mean Machine: SNIPE (Judge Dredd)');
    expect(doc.cards.find((c) => c.id === 'judges-06')?.name).toBe('Judge Dredd & Judge Anderson: INTERRUPT (wild)');
  });

  it('gives each team its characters and its 30-card deck, in deck order', () => {
    expect(doc.teams.map((t) => t.id)).toEqual([...TEAM_IDS]);
    for (const team of doc.teams) {
      expect(team.characters).toEqual(TEAMS[team.id].roster.map((c) => c.id));
      expect(team.otherForms).toEqual(TEAMS[team.id].otherForms.map((c) => c.id));
      expect(team.deck).toEqual(TEAMS[team.id].deck.map((c) => c.id));
      expect(team.deck).toHaveLength(30);
    }
  });

  it('lists every character once, starting ones and other forms, as the rules read them', () => {
    expect(unique(doc.characters.map((c) => c.id))).toBe(true);
    expect(doc.characters.map((c) => c.id).sort()).toEqual(allCharacters.map((c) => c.id).sort());
    for (const c of doc.characters) {
      const def = characterDef(c.id);
      expect(c).toMatchObject({ name: def.name, team: def.team, health: def.health, symbol: def.symbol ?? def.id, linked: [...def.linked], specials: [...def.specials] });
      expect(c.startsInPlay).toBe(TEAMS[def.team].roster.includes(def));
    }
    expect(doc.characters.find((c) => c.id === 'slaine')).toMatchObject({ transformsInto: 'warp-slaine', startsInPlay: true });
    expect(doc.characters.find((c) => c.id === 'warp-slaine')).toMatchObject({ symbol: 'slaine', startsInPlay: false, transformsInto: null });
  });

  it('resolves every id it uses itself: card characters, teams, transformations and specials', () => {
    const characters = new Set(doc.characters.map((c) => c.id));
    const teams = new Set(doc.teams.map((t) => t.id));
    const cards = new Set(doc.cards.map((c) => c.id));
    const specials = new Set(doc.specials.map((s) => s.id));
    for (const card of doc.cards) {
      expect(teams.has(card.team)).toBe(true);
      for (const c of card.characters) expect(characters.has(c), `${card.id}: ${c}`).toBe(true);
      if (card.linkedTo !== null) expect(card.characters).toContain(card.linkedTo);
    }
    for (const team of doc.teams) for (const id of [...team.characters, ...team.otherForms]) expect(characters.has(id)).toBe(true);
    for (const team of doc.teams) for (const id of team.deck) expect(cards.has(id)).toBe(true);
    for (const c of doc.characters) {
      expect(characters.has(c.symbol)).toBe(true);
      if (c.transformsInto !== null) expect(characters.has(c.transformsInto)).toBe(true);
      for (const s of c.specials) expect(specials.has(s), `${c.id}: ${s}`).toBe(true);
    }
  });

  it('gives every special its rulebook name and text', () => {
    expect(unique(doc.specials.map((s) => s.id))).toBe(true);
    const used = new Set(doc.characters.flatMap((c) => c.specials));
    expect(doc.specials.map((s) => s.id).sort()).toEqual([...used].sort());
    for (const s of doc.specials) expect(s.text.length).toBeGreaterThan(20);
  });

  it('lists the 40 map cards, the multiplayer ones marked', () => {
    expect(doc.mapCards.map((c) => c.designation)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(doc.mapCards.filter((c) => c.multiplayer).map((c) => c.designation)).toEqual([...MULTIPLAYER_DESIGNATIONS]);
  });

  it('lists the maps by the ids game options use', () => {
    expect(doc.maps.map((m) => m.id)).toEqual([...MAP_IDS]);
    expect(doc.maps.find((m) => m.id === 'grand-hall-of-justice')?.name).toBe('The Grand Hall of Justice');
  });
});
