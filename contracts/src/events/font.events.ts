import { z } from 'zod';
import { FontSnapshot } from '../workspace/fonts';
import { envelope } from './envelope';

/** Font facts (spec 001 §3, §4; ADR 0055): each carries the font's state after the change. */
export const FontCreatedV1 = envelope('workspace.font.created.v1', z.object({ font: FontSnapshot }));
export const FontHiddenChangedV1 = envelope('workspace.font.hidden-changed.v1', z.object({ font: FontSnapshot }));
export const FontRegroupedV1 = envelope('workspace.font.regrouped.v1', z.object({ font: FontSnapshot, previousFamily: z.string() }));
export const FontDeletedV1 = envelope('workspace.font.deleted.v1', z.object({ font: FontSnapshot }));

export const FontEvents = {
  'workspace.font.created.v1': FontCreatedV1,
  'workspace.font.hidden-changed.v1': FontHiddenChangedV1,
  'workspace.font.regrouped.v1': FontRegroupedV1,
  'workspace.font.deleted.v1': FontDeletedV1,
} as const;

export const FONT_EVENT_DESCRIPTIONS: Record<keyof typeof FontEvents, string> = {
  'workspace.font.created.v1': 'A user added a font (an uploaded file, or one fetched from the public fonts service) to a scope.',
  'workspace.font.hidden-changed.v1': "A font's author hid or showed it (`font.hidden`).",
  'workspace.font.regrouped.v1': "A font's author moved it into another family (`font.family`, `font.slug`).",
  'workspace.font.deleted.v1': 'A font was removed by its author; `data.font` is its last state.',
};
