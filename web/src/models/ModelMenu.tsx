import { Fragment } from 'react';
import { modelMenuRules, type ModelMenuRules } from '@kiln/domain';
import type { Model } from '@kiln/contracts';
import { preloadOn } from '../ui/lazy';
import { Menu, MenuItem, MenuSeparator } from '../ui/Menu';
import { DotsIcon } from '../ui/icons';
import { preloadModelDialogs } from './lazy-dialogs';

export type ModelAction = 'rename' | 'delete';

interface Entry {
  label: string;
  rule: keyof ModelMenuRules;
  action?: ModelAction;
  danger?: boolean;
  separatorBefore?: boolean;
}

/** Opening modes, then publishing and sharing, then the rest (spec 000 §2). Only Rename and Delete work so far. */
function entries(model: Model): Entry[] {
  const publishLabel = !model.productId ? 'Publish' : model.publishedAt ? 'Republish' : 'Restore';
  return [
    { label: 'Edit', rule: 'edit' },
    { label: 'Edit with safe mode', rule: 'safeMode' },
    { label: 'Configurator', rule: 'configurator' },
    { label: 'Viewer/Embed', rule: 'viewer' },
    { label: publishLabel, rule: 'publish', separatorBefore: true },
    { label: 'Share', rule: 'share' },
    { label: 'Duplicate', rule: 'duplicate', separatorBefore: true },
    { label: 'Rename', rule: 'rename', action: 'rename' },
    { label: 'Delete', rule: 'delete', action: 'delete', danger: true },
  ];
}

export function ModelMenu({ model, onAction }: { model: Model; onAction: (action: ModelAction) => void }) {
  const rules = modelMenuRules(model.userRole ?? 'viewer');
  return (
    <Menu
      label={`Actions for ${model.name}`}
      className="model-menu"
      trigger={(props) => (
        <button type="button" className="icon-btn model-menu-button" aria-label={`Actions for ${model.name}`} data-testid="model-menu-button" {...preloadOn(preloadModelDialogs)} {...props}>
          <DotsIcon />
        </button>
      )}
    >
      {(close) =>
        entries(model).map((entry) => {
          const allowed = rules[entry.rule];
          const works = Boolean(entry.action);
          return (
            <Fragment key={entry.label}>
              {entry.separatorBefore && <MenuSeparator />}
              <MenuItem
                disabled={!allowed || !works}
                danger={entry.danger}
                testId={`model-menu-${entry.rule}`}
                title={!allowed ? 'Your role does not allow this' : !works ? 'Coming soon' : undefined}
                onSelect={() => {
                  close();
                  if (entry.action) onAction(entry.action);
                }}
              >
                {entry.label}
              </MenuItem>
            </Fragment>
          );
        })
      }
    </Menu>
  );
}
