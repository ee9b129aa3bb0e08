// Regenerates openapi/openapi.json from the route schemas: `npm run openapi`.

import fs from 'node:fs';
import path from 'node:path';
import { OPENAPI_FILE, renderOpenApiDocument } from '../src/app.ts';

const text = await renderOpenApiDocument();
const before = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : undefined;
fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
fs.writeFileSync(OPENAPI_FILE, text);
const paths = Object.keys((JSON.parse(text) as { paths?: object }).paths ?? {}).length;
console.log(`${path.relative(process.cwd(), OPENAPI_FILE)}: ${paths} paths, ${before === text ? 'unchanged' : 'updated'}`);
