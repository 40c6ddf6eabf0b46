import { MODEL_SORT_FIRST_ORDER } from '@kiln/contracts/constants';
import { Menu, MenuGroup, MenuItem, MenuSeparator } from '../ui/Menu';
import { ArrowDownIcon, ArrowUpIcon, ChevronDown, SortIcon } from '../ui/icons';
import { parseSort, useViewState, type SortField, type SortOrder } from './view-state';

const FIELDS: { field: SortField; label: string }[] = [
  { field: 'createdAt', label: 'Date created' },
  { field: 'updatedAt', label: 'Last modified' },
  { field: 'name', label: 'Alphabetical' },
];
const ORDERS: { order: SortOrder; label: string }[] = [
  { order: 'ASC', label: 'Ascending' },
  { order: 'DESC', label: 'Descending' },
];

/** Sort field × order, remembered in localStorage; default "updatedAt DESC"; a newly chosen field starts in its own order. */
export function SortMenu() {
  const { sort, setSort } = useViewState();
  const { field, order } = parseSort(sort);
  const fieldLabel = FIELDS.find((f) => f.field === field)?.label ?? '';
  return (
    <Menu
      label="Sort"
      trigger={(props) => (
        <button
          type="button"
          className="btn btn-ghost sort-button"
          data-testid="sort-menu"
          data-sort={sort}
          aria-label={`Sort: ${fieldLabel}, ${order === 'ASC' ? 'ascending' : 'descending'}`}
          {...props}
        >
          <SortIcon size={18} />
          <span className="sort-label">{fieldLabel}</span>
          {order === 'ASC' ? <ArrowUpIcon size={16} /> : <ArrowDownIcon size={16} />}
          <ChevronDown size={16} />
        </button>
      )}
    >
      {(close) => (
        <>
          <MenuGroup label="Sort by">
            {FIELDS.map((f) => (
              <MenuItem
                key={f.field}
                checked={f.field === field}
                testId={`sort-field-${f.field}`}
                onSelect={() => {
                  setSort(`${f.field} ${f.field === field ? order : MODEL_SORT_FIRST_ORDER[f.field]}`);
                  close();
                }}
              >
                {f.label}
              </MenuItem>
            ))}
          </MenuGroup>
          <MenuSeparator />
          <MenuGroup label="Order">
            {ORDERS.map((o) => (
              <MenuItem
                key={o.order}
                checked={o.order === order}
                testId={`sort-order-${o.order}`}
                onSelect={() => {
                  setSort(`${field} ${o.order}`);
                  close();
                }}
              >
                {o.label}
              </MenuItem>
            ))}
          </MenuGroup>
        </>
      )}
    </Menu>
  );
}
