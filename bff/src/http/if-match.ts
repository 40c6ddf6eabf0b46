import { HttpException } from '@nestjs/common';

const IF_MATCH = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/;
/** `If-Match: "7"` (or `W/"7"`, or `7`) → 7: the ETag a versioned record was answered with. */
export function versionFromIfMatch(header: string | string[]): number {
  const match = IF_MATCH.exec(Array.isArray(header) ? header.join(',') : header);
  if (!match) throw new HttpException({ statusCode: 400, message: 'If-Match must be the ETag the record was read with, like "3".' }, 400);
  return Number(match[1]);
}
