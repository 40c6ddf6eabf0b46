import type { ReactNode } from 'react';
import {
  CatalogIcon,
  ComponentIcon,
  CubeIcon,
  GlobeIcon,
  ImageIcon,
  InventoryIcon,
  OrdersIcon,
  PlugIcon,
  QuoteIcon,
  ServicesIcon,
  ShareIcon,
  StarIcon,
  StoreIcon,
} from '../ui/icons';

export interface Section {
  label: string;
  path: string;
  icon: ReactNode;
}

export const WORKSPACE_SECTIONS: Section[] = [
  { label: 'My Models', path: '/', icon: <CubeIcon /> },
  { label: 'Favorites', path: '/favorites', icon: <StarIcon /> },
  { label: 'Shared with me', path: '/shared-models', icon: <ShareIcon /> },
  { label: 'Published', path: '/published', icon: <GlobeIcon /> },
  { label: 'Plugins', path: '/plugin', icon: <PlugIcon /> },
  { label: 'My Components', path: '/component', icon: <ComponentIcon /> },
  { label: 'My Assets', path: '/assets', icon: <ImageIcon /> },
];

/** The Store connections section's name (its page's title too). */
export const STORE_CONNECTIONS_LABEL = 'Store connections';

export const BUSINESS_SECTIONS: Section[] = [
  { label: 'Catalog', path: '/business/catalog', icon: <CatalogIcon /> },
  { label: 'Orders', path: '/business/orders', icon: <OrdersIcon /> },
  { label: 'Quotes', path: '/business/quotes', icon: <QuoteIcon /> },
  { label: 'Inventory', path: '/business/inventory', icon: <InventoryIcon /> },
  { label: 'Services', path: '/business/services', icon: <ServicesIcon /> },
  { label: 'StoreFronts', path: '/business/store-fronts', icon: <StoreIcon /> },
  // Orders from outside stores (ADR 0060).
  { label: STORE_CONNECTIONS_LABEL, path: '/business/store-connections', icon: <StoreIcon /> },
];

/** The section a path belongs to (longest matching prefix). */
export function sectionOf(pathname: string): { section?: Section; group?: string } {
  if (pathname === '/') return { section: WORKSPACE_SECTIONS[0] };
  const match = (list: Section[]) =>
    list.filter((s) => s.path !== '/' && (pathname === s.path || pathname.startsWith(`${s.path}/`))).sort((a, b) => b.path.length - a.path.length)[0];
  const business = match(BUSINESS_SECTIONS);
  if (business) return { section: business, group: 'Business dashboard' };
  return { section: match(WORKSPACE_SECTIONS) };
}
