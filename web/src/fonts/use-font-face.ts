import { useEffect, useState } from 'react';
import { fontFileUrl } from './fonts-api';

export interface LoadedFont {
  /** The CSS font-family the file is registered under (one per font id). */
  family: string;
  /** The file's bytes (the glyph viewer reads its characters from them). */
  bytes: ArrayBuffer;
}

const loaded = new Map<string, Promise<LoadedFont>>();

/** Loads a font's file (the BFF's file route) into the page as a FontFace, once per font. */
export function loadFont(id: string): Promise<LoadedFont> {
  let promise = loaded.get(id);
  if (!promise) {
    promise = (async () => {
      const response = await fetch(fontFileUrl(id), { credentials: 'include' });
      if (!response.ok) throw new Error(`font file ${response.status}`);
      const bytes = await response.arrayBuffer();
      const family = `kiln-font-${id}`;
      const face = new FontFace(family, bytes.slice(0));
      await face.load();
      document.fonts.add(face);
      return { family, bytes };
    })();
    // A failure is not kept: the next look tries again.
    promise.catch(() => loaded.delete(id));
    loaded.set(id, promise);
  }
  return promise;
}

/** The font of `id` once loaded: `failed` when its file could not be had or read (the text then shows in the page's font). */
export function useFontFace(id: string | undefined): { font?: LoadedFont; failed: boolean } {
  const [state, setState] = useState<{ id?: string; font?: LoadedFont; failed: boolean }>({ failed: false });
  useEffect(() => {
    if (!id) return;
    let live = true;
    loadFont(id).then(
      (font) => live && setState({ id, font, failed: false }),
      () => live && setState({ id, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return state.id === id ? { font: state.font, failed: state.failed } : { failed: false };
}
