import { helterSkelter as m } from './src/games/helter-skelter/index.ts';
const key = 'a'.repeat(64);
const options = { map: 'grand-hall-of-justice', seats: [{ team: 'judges' }, { team: 'slaine' }], scenario: {
  seats: [{ hand: ['judges-13', 'judges-01', 'judges-08', 'judges-10', 'judges-12'] }, { hand: ['slaine-01','slaine-02','slaine-03','slaine-04','slaine-05'] }],
  characters: { 'mean-machine': { space: 14 }, dredd: { space: 2 }, slaine: { space: 33 }, ukko: {space: 39} },
  fragments: [{ seat: 0, space: 27 }],
} };
const setup = m.createSetup(options, { key });
let s = m.initialState(setup);
const cmds = JSON.parse(process.argv[2] ?? '[]');
for (const c of cmds) { const d = m.decide(s, c, {kind:'seat', seat: 0}, {at:'2026-01-01T00:00:00.000Z'}); if (!d.ok) { console.log('REFUSED', d.error); process.exit(); } s = m.replay(s, d.events); console.log('events', d.events.map((e:any)=>e.type).join(' ')); console.log(JSON.stringify(m.awaiting(s))); }
const legal = m.legalCommands(s, 0);
console.log(legal.length); for (const c of legal) console.log(JSON.stringify(c));
