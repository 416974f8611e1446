import { describe, expect, it } from 'vitest';
import { MAX_PROOF_BYTES, proofFileName, sniffProofType } from './proof';

const bytes = (...values: number[]) => new Uint8Array(values);
/** The bytes of ASCII text (all these samples are ASCII). */
const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('sniffProofType', () => {
  it('knows a PDF, a PNG and a JPEG by their first bytes', () => {
    expect(sniffProofType(text('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'))).toBe('application/pdf');
    expect(sniffProofType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe(
      'image/png',
    );
    expect(sniffProofType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46))).toBe('image/jpeg');
  });

  it('refuses a page or a drawing whatever it claims to be', () => {
    expect(sniffProofType(text('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffProofType(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffProofType(text('<?xml version="1.0"?><svg/>'))).toBeNull();
    // A PDF signature that is not at the very start does not count.
    expect(sniffProofType(text(' %PDF-1.4'))).toBeNull();
    expect(sniffProofType(text('<html>%PDF-1.4</html>'))).toBeNull();
  });

  it('refuses an empty file and one that stops inside the signature', () => {
    expect(sniffProofType(new Uint8Array(0))).toBeNull();
    expect(sniffProofType(text('%PDF'))).toBeNull();
    expect(sniffProofType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeNull();
    expect(sniffProofType(bytes(0xff, 0xd8))).toBeNull();
  });

  it('refuses a signature with one byte wrong', () => {
    expect(sniffProofType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b))).toBeNull();
    expect(sniffProofType(bytes(0xff, 0xd8, 0xfe))).toBeNull();
    expect(sniffProofType(text('%PDF+1.4'))).toBeNull();
  });
});

describe('proof files', () => {
  it('are named after the shipment and their real type, never the uploaded name', () => {
    expect(proofFileName(42, 'application/pdf')).toBe('proof-of-delivery-shipment-42.pdf');
    expect(proofFileName(42, 'image/jpeg')).toBe('proof-of-delivery-shipment-42.jpg');
    expect(proofFileName(7, 'image/png')).toBe('proof-of-delivery-shipment-7.png');
  });

  it('may be up to 5 MB', () => {
    expect(MAX_PROOF_BYTES).toBe(5_242_880);
  });
});
