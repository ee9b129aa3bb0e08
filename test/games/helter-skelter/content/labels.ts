// Short team names for test titles: `every Judges character symbol appears on at least 8 cards`.

import type { TeamId } from '../../../../src/games/helter-skelter/content/types.ts';

export const LABEL: Readonly<Record<TeamId, string>> = {
  judges: 'Judges',
  'strontium-dogs': 'Strontium Dogs',
  'nikolai-dante': 'Nikolai Dante',
  slaine: 'Sláine',
  'dark-judges': 'Dark Judges',
};
