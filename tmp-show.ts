import { FRAMES } from './web/src/games/helter-skelter/tutorial-solo.frames.ts';
for (const f of FRAMES) { console.log('v', f.game.version, f.game.status, JSON.stringify(f.game.awaiting), 'expect', JSON.stringify(f.expect)); for (const e of f.events) console.log('   ', JSON.stringify(e.data).slice(0,200)); }
