/**
 * Choosing a customer's logo, with a preview. The file is checked here as the API will check it
 * (PNG, JPEG or WebP by content, at most 256 KB), so the person learns at once, not on saving.
 */
import { Button, FileInput, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { formatFileSize } from '../../../../shared/format';
import { LOGO_TYPES, MAX_LOGO_BYTES, sniffLogoType } from '../../../../shared/logo';

/** What saving does with the logo. */
export type LogoChange =
  | { kind: 'keep' }
  | { kind: 'remove' }
  | { kind: 'replace'; base64: string; dataUrl: string; name: string };

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Reads and checks a chosen file: the change to make, or the message to show. */
export async function readLogo(file: File): Promise<LogoChange | { error: string }> {
  if (file.size > MAX_LOGO_BYTES) {
    return {
      error: `This file is ${formatFileSize(file.size)}; a logo may be at most ${formatFileSize(MAX_LOGO_BYTES)}.`,
    };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffLogoType(bytes);
  if (type === null) return { error: 'Choose a PNG, JPEG or WebP image (SVG is not accepted).' };
  const base64 = toBase64(bytes);
  return { kind: 'replace', base64, dataUrl: `data:${type};base64,${base64}`, name: file.name };
}

export interface LogoFieldProps {
  /** URL of the stored logo, or null. */
  current: string | null;
  change: LogoChange;
  onChange: (change: LogoChange) => void;
  error?: React.ReactNode;
  onError: (message: string | null) => void;
  customerName: string;
}

export function LogoField({
  current,
  change,
  onChange,
  error,
  onError,
  customerName,
}: LogoFieldProps) {
  const preview =
    change.kind === 'replace' ? change.dataUrl : change.kind === 'keep' ? current : null;

  return (
    <Stack gap="xs">
      <FileInput
        label="Logo (optional)"
        description={`PNG, JPEG or WebP, up to ${formatFileSize(MAX_LOGO_BYTES)}`}
        accept={LOGO_TYPES.join(',')}
        placeholder="Choose an image…"
        // Mantine's placeholder grey is below 4.5:1; the theme's dimmed colour is not.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        value={null}
        error={error}
        onChange={async (file) => {
          if (file === null) return;
          const read = await readLogo(file);
          if ('error' in read) {
            onError(read.error);
            return;
          }
          onError(null);
          onChange(read);
        }}
      />
      {preview !== null && (
        <Paper withBorder p="xs" w="fit-content">
          <Group gap="sm">
            <Image
              src={preview}
              alt={`Logo of ${customerName || 'the customer'}${change.kind === 'replace' ? ' (not saved yet)' : ''}`}
              w={64}
              h={64}
              fit="contain"
            />
            <Stack gap={4}>
              <Text size="sm">
                {change.kind === 'replace'
                  ? `New: ${change.name} (saved with the form)`
                  : 'Current logo'}
              </Text>
              <Group gap="xs">
                {change.kind === 'replace' && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => onChange({ kind: 'keep' })}
                  >
                    Undo
                  </Button>
                )}
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onChange({ kind: 'remove' })}
                >
                  Remove logo
                </Button>
              </Group>
            </Stack>
          </Group>
        </Paper>
      )}
      {change.kind === 'remove' && current !== null && (
        <Group gap="xs">
          <Text size="sm">The logo will be removed when you save.</Text>
          <Button size="compact-sm" variant="default" onClick={() => onChange({ kind: 'keep' })}>
            Keep it
          </Button>
        </Group>
      )}
    </Stack>
  );
}
