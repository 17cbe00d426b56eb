import type { SocialOption } from '../../../domain/entities'

/**
 * The socials' marks, drawn for this modal as small SVG tiles (own drawings, each on its own
 * coloured tile so it reads in both themes). They live in the social buttons' chunk, which loads
 * only with the social connect method, and show as lazy `<img>`s: nothing here is in the page's
 * first script, and an `<img>` never runs script.
 */
const TILES: Record<SocialOption, string> = {
  google:
    '<rect width="24" height="24" rx="6" fill="#fff"/>' +
    '<path d="M15.9 8.1A5.5 5.5 0 0 0 8.1 8.1" stroke="#ea4335"/>' +
    '<path d="M8.1 8.1A5.5 5.5 0 0 0 8.1 15.9" stroke="#fbbc05"/>' +
    '<path d="M8.1 15.9A5.5 5.5 0 0 0 15.9 15.9" stroke="#34a853"/>' +
    '<path d="M15.9 15.9A5.5 5.5 0 0 0 17.5 12H12.5" stroke="#4285f4"/>',
  x: '<rect width="24" height="24" rx="6" fill="#000"/><path d="M7 6.5l10 11M17 6.5l-10 11" stroke="#fff"/>',
  discord:
    '<rect width="24" height="24" rx="6" fill="#5865f2"/>' +
    '<path d="M6.5 16.5c0-5 1.5-8 3-8.7l.8 1h3.4l.8-1c1.5.7 3 3.7 3 8.7-1.2 1-2.4 1.3-3.2 1.3l-.7-1.2H10.4l-.7 1.2c-.8 0-2-.3-3.2-1.3z" fill="#fff"/>' +
    '<circle cx="9.9" cy="13" r="1.2" fill="#5865f2"/><circle cx="14.1" cy="13" r="1.2" fill="#5865f2"/>',
  github:
    '<rect width="24" height="24" rx="6" fill="#181717"/>' +
    '<path d="M12 5.5a6.5 6.5 0 0 0-2 12.7c.3 0 .4-.2.4-.4v-1.3c-1.8.4-2.2-.8-2.2-.8-.3-.7-.7-.9-.7-.9-.6-.4 0-.4 0-.4.6 0 1 .7 1 .7.6 1 1.5.7 1.9.5 0-.4.2-.7.4-.9-1.4-.2-3-.7-3-3.2 0-.7.3-1.3.7-1.7-.1-.2-.3-.9 0-1.8 0 0 .6-.2 1.8.7a6 6 0 0 1 3.2 0c1.2-.9 1.8-.7 1.8-.7.3.9.1 1.6 0 1.8.4.4.7 1 .7 1.7 0 2.5-1.6 3-3 3.2.2.2.4.6.4 1.2v1.8c0 .2.1.4.4.4A6.5 6.5 0 0 0 12 5.5z" fill="#fff"/>',
  apple:
    '<rect width="24" height="24" rx="6" fill="#000"/>' +
    '<path d="M15.4 12.6c0-1.6 1.3-2.3 1.4-2.4-.8-1.1-1.9-1.3-2.3-1.3-1-.1-1.9.6-2.4.6s-1.3-.6-2.1-.5c-1.1 0-2 .6-2.6 1.6-1.1 1.9-.3 4.7.8 6.2.5.8 1.1 1.6 1.9 1.6s1-.5 2-.5 1.2.5 2 .5 1.3-.8 1.8-1.5c.6-.8.8-1.6.8-1.7 0 0-1.3-.6-1.3-2.6z" fill="#fff"/>' +
    '<path d="M13.9 7.7c.4-.5.7-1.2.6-1.9-.6 0-1.4.4-1.8.9-.4.4-.7 1.1-.6 1.8.7.1 1.4-.3 1.8-.8z" fill="#fff"/>',
  facebook:
    '<rect width="24" height="24" rx="6" fill="#1877f2"/>' +
    '<path d="M13.2 19v-5.6h1.9l.3-2.2h-2.2V9.8c0-.6.2-1.1 1.1-1.1h1.2V6.8c-.2 0-.9-.1-1.7-.1-1.7 0-2.9 1-2.9 2.9v1.6H9v2.2h1.9V19z" fill="#fff"/>',
  farcaster:
    '<rect width="24" height="24" rx="6" fill="#855dcd"/>' +
    '<path d="M7 6.5h10v11h-2v-4.5a3 3 0 0 0-6 0v4.5H7z" fill="#fff"/>',
}

/** The social's mark as an image URL (an SVG data URL). */
export function socialIconUrl(social: SocialOption): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke-width="2.2" stroke-linecap="round">${TILES[social]}</svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
