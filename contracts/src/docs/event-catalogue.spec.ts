import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderEventCatalogue } from './event-catalogue';
import { WorkspaceEvents } from '../events/workspace.events';

describe('docs/events.md', () => {
  it('is what the contracts generate (run `npm run docs:events` after changing an event)', () => {
    expect(readFileSync(resolve(__dirname, '../../../docs/events.md'), 'utf8')).toBe(renderEventCatalogue());
  });

  it('documents every event type', () => {
    const page = renderEventCatalogue();
    for (const type of Object.keys(WorkspaceEvents)) expect(page).toContain(`## ${type}`);
  });
});
