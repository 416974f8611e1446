import { describe, expect, it } from 'vitest';
import { MAX_PROOF_BYTES } from '../../../../shared/proof';
import { proofFileProblem } from './shipment-documents';

const fileOf = (bytes: Uint8Array<ArrayBuffer>, name: string) =>
  Object.assign(new Blob([bytes]), { name });

describe('proofFileProblem', () => {
  it('takes a scan by its bytes, whatever it is called', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(await proofFileProblem(fileOf(png, 'note.pdf'))).toBeNull();
  });

  it('names the file and says why it is refused', async () => {
    const page = Uint8Array.from('<html></html>', (c) => c.charCodeAt(0));
    expect(await proofFileProblem(fileOf(page, 'delivery.pdf'))).toBe(
      '“delivery.pdf” is not a PDF, JPEG or PNG file. Scan or photograph the signed delivery note and choose that file.',
    );
    const big = new Uint8Array(MAX_PROOF_BYTES + 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect(await proofFileProblem(fileOf(big, 'scan.pdf'))).toBe(
      '“scan.pdf” is larger than 5 MB, the most a proof of delivery may be. Scan it at a lower resolution, or as a JPEG, and choose it again.',
    );
  });
});
