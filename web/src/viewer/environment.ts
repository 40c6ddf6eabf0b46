import { DataTexture, EquirectangularReflectionMapping, LinearFilter, PMREMGenerator, type Texture, type WebGLRenderer } from 'three';
import { EXRLoader } from 'three/examples/jsm/loaders/EXRLoader.js';

/**
 * A scene's environment (spec 001 §3: an EXR image) made ready for three.js (ADR 0063): the EXR read by three's
 * EXRLoader into an equirectangular texture, and its prefiltered form (PMREMGenerator) that lights physically based
 * materials as `scene.environment`. Lives in the viewer's chunk; the scene editor's preview shares it.
 */
export interface LoadedEnvironment {
  /** The equirectangular image, for a background. */
  equirect: Texture;
  /** Prefiltered for lighting: `scene.environment`. */
  lighting: Texture;
  dispose: () => void;
}

/** Reads an EXR's bytes; throws when they are not an EXR three can read. */
export function parseExr(bytes: ArrayBuffer): DataTexture {
  const data = new EXRLoader().parse(bytes);
  if (!data || !data.width || !data.height || !data.data) throw new Error('not an EXR');
  const texture = new DataTexture(data.data as ArrayBufferView as never, data.width, data.height, data.format, data.type);
  if (data.colorSpace) texture.colorSpace = data.colorSpace;
  texture.flipY = false;
  texture.magFilter = LinearFilter;
  texture.minFilter = LinearFilter;
  texture.generateMipmaps = false;
  texture.mapping = EquirectangularReflectionMapping;
  texture.needsUpdate = true;
  return texture;
}

/** The EXR's bytes ready to light a renderer's scenes. */
export function environmentFrom(bytes: ArrayBuffer, renderer: WebGLRenderer): LoadedEnvironment {
  const equirect = parseExr(bytes);
  const generator = new PMREMGenerator(renderer);
  try {
    const target = generator.fromEquirectangular(equirect);
    return {
      equirect,
      lighting: target.texture,
      dispose: () => {
        target.dispose();
        equirect.dispose();
      },
    };
  } finally {
    generator.dispose();
  }
}

/** Why an environment is not shown. */
export type EnvironmentFailure = 'offline' | 'refused' | 'unreadable';

/** Fetches an EXR with the session cookie; the answer's own sentence when it refused (the BFF's `{message}`). */
export async function fetchExr(url: string, signal: AbortSignal): Promise<ArrayBuffer | { failure: EnvironmentFailure; message?: string }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', signal });
  } catch {
    return { failure: 'offline' };
  }
  if (!response.ok) {
    let message: string | undefined;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // not JSON
    }
    return { failure: 'refused', message };
  }
  return response.arrayBuffer();
}
