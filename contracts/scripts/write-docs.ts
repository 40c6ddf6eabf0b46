import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderEventCatalogue } from '@kiln/contracts/docs';

// `npm run docs:events` rewrites docs/events.md from the contracts; a unit test keeps it in step.
const target = resolve(__dirname, '../../docs/events.md');
writeFileSync(target, renderEventCatalogue());
console.log(`wrote ${target}`);
