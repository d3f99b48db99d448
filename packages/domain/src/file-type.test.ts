import { describe, expect, it } from 'vitest';
import { detectFileType, fileTypeAccepted } from './file-type';

const bytes = (...b: number[]) => new Uint8Array([...b, ...Array(16).fill(0)].slice(0, 16));
const ascii = (s: string) => bytes(...Array.from(s, (c) => c.charCodeAt(0)));

describe('detectFileType', () => {
  it('tells PDF, JPEG, PNG and WebP from their first bytes', () => {
    expect(detectFileType(ascii('%PDF-1.7'))).toBe('application/pdf');
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(detectFileType(ascii('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });

  it('knows nothing else, whatever the name says (a text file called .pdf, an empty file)', () => {
    expect(detectFileType(ascii('não é um pdf'))).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
    expect(detectFileType(ascii('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
  });

  it('accepts a file only when its detected type is in the list', () => {
    expect(fileTypeAccepted(ascii('%PDF-1.4'), ['application/pdf'])).toBe(true);
    expect(fileTypeAccepted(bytes(0xff, 0xd8, 0xff), ['application/pdf'])).toBe(false);
    expect(fileTypeAccepted(ascii('hello'), ['application/pdf', 'image/jpeg'])).toBe(false);
  });
});
