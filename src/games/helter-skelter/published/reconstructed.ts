// What a client must be told about the published content: much of it is not the printed game's.
// The rulebook describes the components without printing most of them (docs/content.md,
// docs/maps.md), so the documents say so in themselves, not only in this repository's docs.

export const CONTENT_NOTE =
  'Reconstructed: the rulebook does not print them, so the characters’ starting health and linked symbols, every action card, and which map cards carry the multiplayer symbol are this service’s plausible reconstruction, not the published game’s (docs/content.md). The Dark Judges expansion’s team is reconstructed the same way: its characters’ health and linked symbols and its 30 action cards, and the 20 solo cards that drive the Dark Judges in solo play. Team, character and special names, and the specials’ texts, are the rulebook’s and the expansion’s.';

export const MAP_NOTE =
  'Reconstructed: the rulebook describes the maps but does not print their geometry, so these spaces, walls, cover, high ground and falls are this service’s plausible reconstruction from its descriptions, not the printed board (docs/maps.md). The rules are played on exactly this geometry.';
