/** fontkit ships no types; the reader uses only `create` and narrows what it returns (fontkit-font-reader.ts). */
declare module 'fontkit' {
  export function create(buffer: Buffer, postscriptName?: string): unknown;
}
