/**
 * Reading a QR code from a camera frame or a photo: the browser's BarcodeDetector where it has one (Chrome on
 * Android, Safari 17+), otherwise jsQR (fetched the first time it is needed, so the screen's chunk stays small).
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
};

let detector: Promise<BarcodeDetectorLike | null> | null = null;

/** The browser's QR detector, or null when it has none (Firefox, desktop Chrome on some systems, jsdom). */
function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  detector ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
      return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return detector;
}

/** The pixels of an image or a video frame (scaled down to at most `maxSide`, which is plenty for a QR code). */
function pixelsOf(source: CanvasImageSource, width: number, height: number, maxSide = 1024): ImageData | null {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

async function decodePixels(pixels: ImageData): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The text of the first QR code in the source, or null when none was found. */
export async function decodeQr(
  source: ImageBitmap | HTMLVideoElement,
  width: number,
  height: number,
): Promise<string | null> {
  const native = await nativeDetector();
  if (native) {
    try {
      const [found] = await native.detect(source);
      if (found?.rawValue) return found.rawValue;
      // Fall through: jsQR finds some codes the platform's detector misses (small, tilted).
    } catch {
      // The detector refused this source: try jsQR.
    }
  }
  const pixels = pixelsOf(source, width, height);
  return pixels ? decodePixels(pixels) : null;
}

/** The text of the QR code in a photo (a file input's image), or null. */
export async function decodeQrFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decodeQr(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
