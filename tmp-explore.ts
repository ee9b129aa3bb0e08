import { gameRegistry } from './src/service/registry.ts';
const [game, opts, learnerS, cmdsS] = process.argv.slice(2);
const m = gameRegistry().get(game!)!;
const learner = Number(learnerS);
const setup = m.createSetup(JSON.parse(opts!), { key: process.env.KEY ?? 'b'.repeat(64) });
if ((setup as any).code) { console.log(setup); process.exit(); }
let s = m.initialState(setup);
for (const c of JSON.parse(cmdsS ?? '[]')) {
  const legal = m.legalCommands(s, learner).find((l: any) => { const { windowId, ...r } = l; return JSON.stringify(r) === JSON.stringify(c); }) ?? c;
  const d = m.decide(s, legal, {kind:'seat', seat: learner}, {at:'2026-01-01T00:00:00.000Z'}); if (!d.ok) { console.log('REFUSED', d.error); process.exit(); } s = m.replay(s, d.events); console.log('events', d.events.map((e:any)=>e.type).join(' '));
}
console.log('awaiting', JSON.stringify(m.awaiting(s)));
const legal = m.legalCommands(s, learner);
console.log(legal.length); for (const c of legal.slice(0, 60)) console.log(JSON.stringify(c));
if (process.env.VIEW) console.log(JSON.stringify(m.view(s, learner)));
