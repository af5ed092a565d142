import { create } from 'qrcode';
import { useMemo } from 'react';

/** Light modules around the code, as scanners expect (the standard's quiet zone). */
const QUIET_ZONE = 4;

/** The dark modules of a QR code as one SVG path: a 1 x 1 square per module, in module units. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + QUIET_ZONE * 2, path: parts.join('') };
}

/**
 * A QR code drawn inline: black on white whatever the theme (scanners need the contrast), crisp edges, as wide as
 * its box allows up to `maxSize` pixels.
 */
export function QrCodeSvg({ text, label, maxSize = 320 }: { text: string; label: string; maxSize?: number }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      style={{ width: '100%', maxWidth: maxSize, height: 'auto', display: 'block', background: '#ffffff' }}
      data-testid="qr-code"
    >
      <title>{label}</title>
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
