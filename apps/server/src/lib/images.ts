import { AVATAR_MAX_BYTES, type MessageKey } from '@funkis/shared';
import type { FastifyRequest } from 'fastify';
import { fieldError, tooLarge, unsupportedType } from './http-error.js';
import { readUploadBody } from './uploads.js';

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

/** The image types an avatar may have, recognised by their first bytes (never by the name or the sender's word). */
const IMAGE_SIGNATURES: { type: ImageType; matches(bytes: Buffer): boolean }[] = [
  {
    type: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'jpeg', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'gif', matches: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function imageTypeOf(bytes: Buffer): ImageType | null {
  return IMAGE_SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null;
}

/**
 * The one way an image is uploaded (the user's and the event's avatar): multipart field `file`, at most
 * AVATAR_MAX_BYTES (413), and a PNG, JPEG, GIF or WebP by its first bytes whatever it is called or declared as
 * (415). HTML sent as image/png is refused here.
 */
export async function readImageUpload(
  request: FastifyRequest,
  codes: { tooLarge: MessageKey; wrongType: MessageKey },
): Promise<{ bytes: Buffer; type: ImageType }> {
  if (!request.isMultipart()) throw fieldError('file', 'error.required');
  const bytes = await readUploadBody(request, async (track) => {
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (part) track(part.file);
    if (part?.fieldname !== 'file') {
      part?.file.resume();
      throw fieldError('file', 'error.required');
    }
    try {
      return await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw tooLarge(codes.tooLarge, undefined, 'file');
      throw error;
    }
  });
  const type = imageTypeOf(bytes);
  if (!type) throw unsupportedType(codes.wrongType, undefined, 'file');
  return { bytes, type };
}
