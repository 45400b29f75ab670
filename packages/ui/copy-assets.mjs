// tsc does not copy CSS; the apps import `@shop/ui/<name>.css` from dist.
import { cpSync, readdirSync } from 'node:fs';
for (const f of readdirSync('src')) if (f.endsWith('.css')) cpSync(`src/${f}`, `dist/${f}`);
