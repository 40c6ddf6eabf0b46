import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { youtubeId } from './youtube';

/**
 * The plugin's description (HTML) and readme (markdown) are written by its author and shown to others: both go
 * through DOMPurify (no scripts, handlers, styles, frames or forms). YouTube links in the readme become embedded
 * players built here from the video id alone, after sanitising (the author's markup never makes an iframe).
 */
const FORBID = { FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'], FORBID_ATTR: ['style'] };

let hooked = false;
function hookLinks() {
  if (hooked) return;
  hooked = true;
  // Links leave the app in a new tab without giving it a handle on this one.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

export function sanitizeHtml(html: string): string {
  hookLinks();
  return DOMPurify.sanitize(html, { ...FORBID, USE_PROFILES: { html: true } });
}

/** Markdown to sanitised HTML with YouTube links embedded. */
export function renderReadme(markdown: string): string {
  hookLinks();
  const raw = marked.parse(markdown, { async: false, gfm: true }) as string;
  const fragment = DOMPurify.sanitize(raw, { ...FORBID, USE_PROFILES: { html: true }, RETURN_DOM_FRAGMENT: true });
  for (const link of Array.from(fragment.querySelectorAll('a[href]'))) {
    const id = youtubeId(link.getAttribute('href')!);
    if (!id) continue;
    const frame = document.createElement('iframe');
    frame.src = `https://www.youtube-nocookie.com/embed/${id}`;
    frame.title = `YouTube video: ${link.textContent?.trim() || id}`;
    frame.loading = 'lazy';
    frame.allowFullscreen = true;
    frame.setAttribute('allow', 'encrypted-media; picture-in-picture; fullscreen');
    frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    frame.className = 'readme-video';
    // The link stays under the player: it still works where frames are blocked.
    link.after(frame);
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}
