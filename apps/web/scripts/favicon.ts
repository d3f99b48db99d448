/**
 * Writes `public/favicon.png` from `public/favicon.svg` (run by hand after changing the SVG; the PNG is committed; sharp
 * is the API workspace's dependency, installed at the root).
 * The page links the PNG: Chromium builds a whole isolated SVG document for an SVG icon, 15–20 ms of the main thread
 * on every first load (70 ms at Lighthouse's 4× CPU), where a PNG is decoded off it (ADR 060).
 */
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
await sharp(`${publicDir}favicon.svg`, { density: 300 }).resize(48, 48).png({ compressionLevel: 9 }).toFile(`${publicDir}favicon.png`);
