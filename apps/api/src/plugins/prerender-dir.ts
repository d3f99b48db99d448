/** Where the web build (apps/web/scripts/prerender.ts) leaves the pages it rendered to HTML and the server renderer. */
export const PRERENDER_DIR = 'prerendered';
