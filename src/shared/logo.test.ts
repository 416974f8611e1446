import { describe, expect, it } from 'vitest';
import { sniffLogoType } from './logo';

const bytes = (...values: number[]) => new Uint8Array(values);
/** Latin-1 text as bytes (the shared code has neither DOM nor Node types for TextEncoder). */
const encode = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('sniffLogoType', () => {
  it('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(sniffLogoType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe(
      'image/png',
    );
    expect(sniffLogoType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    const webp = encode('RIFF\x24\x00\x00\x00WEBPVP8 ');
    expect(sniffLogoType(webp)).toBe('image/webp');
  });

  it('refuses SVG, text, other RIFF files, truncated signatures and nothing', () => {
    expect(sniffLogoType(encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffLogoType(encode('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffLogoType(encode('hello.png'))).toBeNull();
    expect(sniffLogoType(encode('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffLogoType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffLogoType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBeNull(); // GIF
    expect(sniffLogoType(bytes())).toBeNull();
  });
});
