import type { ReactNode } from 'react';
import { ASSET_ITEM_CHANNELS, ASSET_ITEM_EMPTY_TEXTS, type AssetItemKind } from '@kiln/contracts/constants';
import { CubeIcon, ImageIcon } from '../ui/icons';
import { VectorIcon } from './asset-icons';

/** What a library screen says and where it lives, per kind (spec 001 §2); one page component reads it (ADR 0056). */
export interface LibraryKind {
  kind: AssetItemKind;
  /** The path segment under /assets (spec 001 §2). */
  path: 'image' | 'vector-graphics' | 'objects3d';
  /** The heading in the personal scope, and in a team or project. */
  title: string;
  teamTitle: string;
  /** One and several, for counts and sentences. */
  noun: [string, string];
  empty: string;
  channel: (typeof ASSET_ITEM_CHANNELS)[AssetItemKind];
  icon: (size: number) => ReactNode;
}

export const LIBRARY_KINDS: Record<AssetItemKind, LibraryKind> = {
  image: {
    kind: 'image',
    path: 'image',
    title: 'My Images',
    teamTitle: 'Images',
    noun: ['image', 'images'],
    empty: ASSET_ITEM_EMPTY_TEXTS.image,
    channel: ASSET_ITEM_CHANNELS.image,
    icon: (size) => <ImageIcon size={size} />,
  },
  vector: {
    kind: 'vector',
    path: 'vector-graphics',
    title: 'My Vector Graphics',
    teamTitle: 'Vector Graphics',
    noun: ['vector graphic', 'vector graphics'],
    empty: ASSET_ITEM_EMPTY_TEXTS.vector,
    channel: ASSET_ITEM_CHANNELS.vector,
    icon: (size) => <VectorIcon size={size} />,
  },
  object3d: {
    kind: 'object3d',
    path: 'objects3d',
    title: 'My 3D Objects',
    teamTitle: '3D Objects',
    noun: ['3D object', '3D objects'],
    empty: ASSET_ITEM_EMPTY_TEXTS.object3d,
    channel: ASSET_ITEM_CHANNELS.object3d,
    icon: (size) => <CubeIcon size={size} />,
  },
};

/** Sizes as people read them: 950 B, 12.3 KB, 4.1 MB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
